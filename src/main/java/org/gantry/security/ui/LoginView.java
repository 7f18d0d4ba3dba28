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

@Route(value = "login", autoLayout = false)
@PageTitle("Sign in · Gantry")
@AnonymousAllowed
public class LoginView extends VerticalLayout implements BeforeEnterObserver {

    private final LoginForm login = new LoginForm();
    private final Paragraph notice = new Paragraph();

    public LoginView() {
        setSizeFull();
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        LoginI18n i18n = LoginI18n.createDefault();
        i18n.getErrorMessage().setTitle("Wrong username or password");
        i18n.getErrorMessage().setMessage("Check them and try again; a disabled account cannot sign in.");
        i18n.setAdditionalInformation(null);
        login.setI18n(i18n);
        login.setAction("login");
        login.setForgotPasswordButtonVisible(false);
        notice.setVisible(false);
        add(new H1("Gantry"), notice, login);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var params = event.getLocation().getQueryParameters().getParameters();
        login.setError(params.containsKey("error"));
        if (params.containsKey("expired")) {
            notice.setText("Your session ended. Please sign in again.");
            notice.setVisible(true);
        }
    }
}
