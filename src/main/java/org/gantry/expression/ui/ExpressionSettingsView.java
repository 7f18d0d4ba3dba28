package org.gantry.expression.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.expression.Expression;
import org.gantry.expression.ExpressionService;
import org.gantry.security.CurrentUser;

/** Lists, adds, edits and deletes the signed-in user's expressions. */
@Route("settings/expressions")
@PageTitle("Expressions · Gantry")
@Menu(title = "Settings: expressions", order = 80, icon = "vaadin:code")
@PermitAll
class ExpressionSettingsView extends VerticalLayout {

    private final ExpressionService expressions;
    private final String username;
    final Grid<Expression> grid = new Grid<>(Expression.class, false);
    final Button add = new Button("New expression");

    ExpressionSettingsView(ExpressionService expressions, CurrentUser currentUser) {
        this.expressions = expressions;
        this.username = currentUser.require();
        setSizeFull();
        grid.setId("expressions");
        grid.addColumn(Expression::key).setHeader("Key").setKey("key").setAutoWidth(true).setSortable(true);
        grid.addColumn(Expression::value).setHeader("Value").setKey("value").setFlexGrow(1);
        grid.addComponentColumn(this::actions).setHeader("").setKey("actions").setAutoWidth(true).setFlexGrow(0);
        grid.setEmptyStateText("No expressions yet.");
        grid.setSizeFull();

        add.setId("new-expression");
        add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add.addClickListener(e -> openEditor(Optional.empty()));
        Paragraph help = new Paragraph("Write <% expression.key %> in a job document and Gantry puts your value"
                + " there when you submit it.");
        add(new HorizontalLayout(new H2("Expressions"), add), help, grid);
        refresh();
    }

    private HorizontalLayout actions(Expression expression) {
        Button edit = new Button("Edit", e -> openEditor(Optional.of(expression)));
        edit.setId("edit-" + expression.key());
        Button delete = new Button("Delete", e -> {
            expressions.delete(username, expression.key());
            Notifications.success("Expression " + expression.key() + " deleted");
            refresh();
        });
        delete.setId("delete-" + expression.key());
        delete.addThemeVariants(ButtonVariant.LUMO_ERROR);
        HorizontalLayout row = new HorizontalLayout(edit, delete);
        row.getChildren().forEach(c -> ((Button) c).addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY));
        return row;
    }

    private void openEditor(Optional<Expression> existing) {
        new ExpressionDialog(existing, (key, value) -> {
            expressions.put(username, key, value);
            Notifications.success("Expression " + key + " saved");
            refresh();
        }).open();
    }

    private void refresh() {
        grid.setItems(expressions.list(username));
    }
}
