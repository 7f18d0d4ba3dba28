package org.gantry.usage.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import java.util.List;
import org.gantry.usage.Budget;
import org.gantry.usage.Money;

/** One line per budget, coloured by how far it is spent: the portal's budget warnings. */
class BudgetPanel extends Div {

    BudgetPanel() {
        setId("budgets");
        getStyle().set("display", "flex").set("flex-direction", "column").set("gap", "var(--lumo-space-xs)");
    }

    void show(List<Budget.Status> statuses, Money money, String viewer, String empty) {
        removeAll();
        if (statuses.isEmpty()) {
            Span none = new Span(empty);
            none.getStyle().set("color", "var(--lumo-secondary-text-color)");
            add(none);
            return;
        }
        for (Budget.Status status : statuses) {
            Span line = new Span(status.describe(money, viewer));
            String color = switch (status.level()) {
                case OK -> "var(--lumo-success-color-10pct)";
                case WARNING -> "var(--lumo-warning-color-10pct, #fff3d6)";
                case EXCEEDED -> "var(--lumo-error-color-10pct)";
            };
            line.getStyle().set("background", color).set("padding", "var(--lumo-space-xs) var(--lumo-space-s)")
                    .set("border-radius", "var(--lumo-border-radius-m)");
            line.getElement().setAttribute("data-level", status.level().name());
            add(line);
        }
    }
}
