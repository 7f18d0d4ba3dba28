package org.gantry.expression.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import java.util.Optional;
import org.gantry.base.ui.MenuNavigation;
import org.gantry.expression.Expression;
import org.gantry.expression.ExpressionService;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class ExpressionSettingsViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    ExpressionService expressions;

    @BeforeEach
    void signIn() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        expressions.list("admin").forEach(e -> expressions.delete("admin", e.key()));
    }

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void a_user_adds_edits_and_deletes_an_expression() {
        UI.getCurrent().navigate(ExpressionSettingsView.class);
        ExpressionSettingsView view = _get(ExpressionSettingsView.class);
        assertThat(GridKt._size(view.grid)).isZero();

        _click(view.add);
        ExpressionDialog dialog = _get(ExpressionDialog.class);
        dialog.key.setValue("scratch");
        dialog.value.setValue("/scratch/admin");
        _click(dialog.save);
        assertThat(GridKt._size(view.grid)).isEqualTo(1);
        assertThat(GridKt._get(view.grid, 0).value()).isEqualTo("/scratch/admin");

        _click(_get((Component) GridKt._getCellComponent(view.grid, 0, "actions"), Button.class,
                spec -> spec.withId("edit-scratch")));
        ExpressionDialog editor = _get(ExpressionDialog.class);
        assertThat(editor.key.isReadOnly()).isTrue();
        editor.value.setValue("/scratch/elsewhere");
        _click(editor.save);
        assertThat(expressions.get("admin", "scratch")).map(Expression::value).contains("/scratch/elsewhere");

        _click(_get((Component) GridKt._getCellComponent(view.grid, 0, "actions"), Button.class,
                spec -> spec.withId("delete-scratch")));
        assertThat(GridKt._size(view.grid)).isZero();
        assertThat(expressions.get("admin", "scratch")).isEqualTo(Optional.empty());
    }

    @Test
    void an_invalid_key_is_refused_and_the_dialog_stays_open() {
        UI.getCurrent().navigate(ExpressionSettingsView.class);
        _click(_get(ExpressionSettingsView.class).add);
        ExpressionDialog dialog = _get(ExpressionDialog.class);
        dialog.key.setValue("no spaces");
        dialog.value.setValue("x");
        _click(dialog.save);
        assertThat(dialog.isOpened()).isTrue();
        assertThat(expressions.list("admin")).isEmpty();
    }

    @Test
    void the_settings_appear_in_the_navigation() {
        UI.getCurrent().navigate("");
        assertThat(_get(MenuNavigation.class).titles())
                .contains("Settings: expressions", "Settings: tokens");
    }
}
