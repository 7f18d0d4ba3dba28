package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.security.ApiToken;
import org.gantry.security.CurrentUser;
import org.gantry.security.TokenService;

/** The signed-in user's REST tokens: list the usable ones, create an application token (shown once), revoke. */
@Route("settings/tokens")
@PageTitle("Tokens · Gantry")
@Menu(title = "Settings: tokens", order = 81, icon = "vaadin:key")
@PermitAll
class TokenSettingsView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    private final TokenService tokens;
    private final String username;
    final Grid<ApiToken> grid = new Grid<>(ApiToken.class, false);
    final TextField label = new TextField();
    final Button create = new Button("Create application token");

    TokenSettingsView(TokenService tokens, CurrentUser currentUser) {
        this.tokens = tokens;
        this.username = currentUser.require();
        setSizeFull();
        grid.setId("tokens");
        grid.addColumn(t -> t.getKind() == ApiToken.Kind.APPLICATION ? "application" : "login").setHeader("Kind")
                .setAutoWidth(true);
        grid.addColumn(ApiToken::getLabel).setHeader("Label").setFlexGrow(1);
        grid.addColumn(t -> WHEN.format(t.getCreatedAt())).setHeader("Created").setAutoWidth(true);
        grid.addColumn(t -> format(t.getExpiresAt(), "never")).setHeader("Expires").setAutoWidth(true);
        grid.addColumn(t -> format(t.getLastUsedAt(), "—")).setHeader("Last used").setAutoWidth(true);
        grid.addComponentColumn(this::revokeButton).setHeader("").setKey("revoke").setAutoWidth(true).setFlexGrow(0);
        grid.setEmptyStateText("No usable tokens.");
        grid.setSizeFull();

        label.setPlaceholder("What is it for?");
        label.setMaxLength(ApiToken.LABEL_MAX);
        create.setId("create-token");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(e -> createToken());
        add(new H2("Tokens"), new Paragraph("Tokens let scripts, the OpenPAI SDK and its pai CLI call Gantry's"
                + " REST API as you. Application tokens never expire; revoke the ones you no longer use."),
                new HorizontalLayout(label, create), grid);
        refresh();
    }

    private void createToken() {
        String text = label.getValue().isBlank() ? "application" : label.getValue().strip();
        TokenService.IssuedToken issued = tokens.issue(username, ApiToken.Kind.APPLICATION, text, Optional.empty());
        label.clear();
        refresh();
        Dialog shown = new Dialog();
        shown.setHeaderTitle("Your new token");
        TextField value = new TextField();
        value.setId("new-token-value");
        value.setValue(issued.value());
        value.setReadOnly(true);
        value.setWidthFull();
        shown.add(new Paragraph("Copy it now: Gantry keeps only a hash and cannot show it again."), value);
        shown.getFooter().add(new Button("Done", e -> shown.close()));
        shown.setWidth("36em");
        shown.open();
    }

    private Button revokeButton(ApiToken token) {
        Button revoke = new Button("Revoke", e -> {
            tokens.revokeById(username, token.getId());
            Notifications.success("Token revoked");
            refresh();
        });
        revoke.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        return revoke;
    }

    private void refresh() {
        grid.setItems(tokens.usableTokens(username));
    }

    private static String format(Optional<Instant> at, String none) {
        return at.map(WHEN::format).orElse(none);
    }
}
