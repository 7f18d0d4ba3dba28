package org.gantry.security.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.textfield.TextField;
import org.gantry.security.ApiToken;
import org.gantry.security.Role;
import org.gantry.security.TokenService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class TokenSettingsViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    TokenService tokens;

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void a_created_token_is_shown_once_works_and_can_be_revoked() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        tokens.usableTokens("admin").forEach(t -> tokens.revokeById("admin", t.getId()));
        UI.getCurrent().navigate(TokenSettingsView.class);
        TokenSettingsView view = _get(TokenSettingsView.class);

        view.label.setValue("nightly sync");
        _click(view.create);
        String value = _get(TextField.class, spec -> spec.withId("new-token-value")).getValue();
        assertThat(tokens.authenticate(value)).isPresent();
        assertThat(GridKt._size(view.grid)).isEqualTo(1);
        ApiToken listed = GridKt._get(view.grid, 0);
        assertThat(listed.getLabel()).isEqualTo("nightly sync");

        _click((Button) GridKt._getCellComponent(view.grid, 0, "revoke"));
        assertThat(GridKt._size(view.grid)).isZero();
        assertThat(tokens.authenticate(value)).isEmpty();
    }
}
