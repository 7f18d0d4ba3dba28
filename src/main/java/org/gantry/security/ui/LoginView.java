package org.gantry.security.ui;

import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.login.LoginForm;
import com.vaadin.flow.component.login.LoginI18n;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

@Route(value = "login", autoLayout = false)
@PageTitle("Sign in · Gantry")
@AnonymousAllowed
public class LoginView extends VerticalLayout implements BeforeEnterObserver {

    /** Where the browser keeps the last username tried, for the form shown after a failed attempt. */
    private static final String USERNAME_KEY = "gantry.login.username";

    /** Set by the sign-in throttle: the seconds to wait before the next try. */
    public static final String BLOCKED_PARAMETER = "blocked";

    private final LoginForm login = new LoginForm();
    private final Paragraph notice = new Paragraph();

    public LoginView() {
        setSizeFull();
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        login.setI18n(i18n("Wrong username or password",
                "Check them and try again; a disabled account cannot sign in."));
        login.setAction("login");
        login.setForgotPasswordButtonVisible(false);
        notice.setVisible(false);
        // The form posts natively and a failure comes back as a new page: the browser remembers
        // the name typed (never the password) for that page, the server never echoes it.
        login.getElement().executeJs(
                "this.addEventListener('login', e => sessionStorage.setItem($0, e.detail.username))", USERNAME_KEY);
        add(new H1("Gantry"), notice, login);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var params = event.getLocation().getQueryParameters().getParameters();
        login.setError(params.containsKey("error"));
        if (params.containsKey("error") || params.containsKey(BLOCKED_PARAMETER)) {
            login.getElement().executeJs("const form = this; const name = sessionStorage.getItem($0);"
                    + " if (name) customElements.whenDefined('vaadin-login-form')"
                    + " .then(() => requestAnimationFrame(() => {"
                    + " const input = form.querySelector('input[name=username]');"
                    + " const field = input && input.closest('vaadin-text-field');"
                    + " if (field) { field.value = name; const password = form.querySelector('vaadin-password-field');"
                    + " if (password) password.focus(); } }))", USERNAME_KEY);
        }
        blockedSeconds(params.get(BLOCKED_PARAMETER)).ifPresent(seconds -> {
            login.setI18n(i18n("Too many attempts", "Too many failed sign-ins for this account or from this"
                    + " address. Try again in " + seconds + " s."));
            login.setError(true);
        });
        if (params.containsKey("expired")) {
            notice.setText("Your session ended. Please sign in again.");
            notice.setVisible(true);
        }
    }

    private static Optional<Long> blockedSeconds(List<String> values) {
        if (values == null || values.isEmpty()) {
            return Optional.empty();
        }
        try {
            long seconds = Long.parseLong(values.get(0));
            return seconds > 0 ? Optional.of(Math.min(seconds, Duration.ofHours(1).toSeconds())) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static LoginI18n i18n(String errorTitle, String errorMessage) {
        LoginI18n i18n = LoginI18n.createDefault();
        i18n.getErrorMessage().setTitle(errorTitle);
        i18n.getErrorMessage().setMessage(errorMessage);
        i18n.setAdditionalInformation(null);
        return i18n;
    }
}
