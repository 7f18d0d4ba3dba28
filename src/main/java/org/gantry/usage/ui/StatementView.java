package org.gantry.usage.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.NativeTable;
import com.vaadin.flow.component.html.NativeTableBody;
import com.vaadin.flow.component.html.NativeTableCell;
import com.vaadin.flow.component.html.NativeTableFooter;
import com.vaadin.flow.component.html.NativeTableHeader;
import com.vaadin.flow.component.html.NativeTableHeaderCell;
import com.vaadin.flow.component.html.NativeTableRow;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.List;
import java.util.Optional;
import org.gantry.usage.BillingService;
import org.gantry.usage.Money;
import org.gantry.usage.Statement;
import org.springframework.security.access.AccessDeniedException;

/**
 * A month's statement as a plain table that prints well: {@code usage/statement/2026-12},
 * the caller's own, or {@code ?user=} / {@code ?group=} for administrators.
 */
@Route("usage/statement/:period")
@PageTitle("Statement · Gantry")
@PermitAll
class StatementView extends VerticalLayout implements BeforeEnterObserver {

    private final BillingService billing;

    StatementView(BillingService billing) {
        this.billing = billing;
        setId("printable-statement");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        removeAll();
        String period = event.getRouteParameters().get("period").orElse("");
        Optional<String> user = first(event.getLocation().getQueryParameters().getParameters().get("user"));
        Optional<String> group = first(event.getLocation().getQueryParameters().getParameters().get("group"));
        Statement statement;
        try {
            statement = billing.statement(BillingService.month(period), user, group);
        } catch (IllegalArgumentException | AccessDeniedException e) {
            add(new H2("No statement"), new Paragraph(e.getMessage() + " Open My usage and pick a month there."));
            return;
        }
        Money money = billing.money();
        String whose = switch (statement.scope()) {
            case "user" -> "user " + statement.subject();
            case "group" -> "group " + statement.subject();
            default -> "all users";
        };
        Button print = new Button("Print", e -> getUI().ifPresent(ui -> ui.getPage().executeJs("window.print()")));
        print.setId("print");
        add(new H2("Statement " + statement.period() + " for " + whose),
                new Paragraph("Generated " + statement.generatedAt() + ". Charges are run time × requested resources at"
                        + " each virtual cluster's prices; amounts in " + statement.currency() + "."),
                table(statement, money), print);
    }

    private static NativeTable table(Statement statement, Money money) {
        NativeTable table = new NativeTable();
        table.setId("statement-table");
        table.getStyle().set("border-collapse", "collapse").set("width", "100%").set("font-size", "var(--lumo-font-size-s)");
        NativeTableHeader head = new NativeTableHeader();
        NativeTableRow header = new NativeTableRow();
        for (String title : List.of("User", "Virtual cluster", "Attempts", "CPU-hours", "GPU-hours", "Memory GB-hours",
                "Charge")) {
            NativeTableHeaderCell cell = new NativeTableHeaderCell(title);
            cell.getStyle().set("text-align", title.startsWith("User") || title.startsWith("Virtual") ? "left" : "right")
                    .set("border-bottom", "1px solid var(--lumo-contrast-50pct)").set("padding", "4px 8px");
            header.add(cell);
        }
        head.addRows(header);
        NativeTableBody body = new NativeTableBody();
        for (Statement.Line line : statement.lines()) {
            body.addRows(row(line.user(), line.virtualCluster(), Long.toString(line.attempts()),
                    UsageFormats.hours(line.cpuSeconds()), UsageFormats.hours(line.gpuSeconds()),
                    UsageFormats.gbHours(line.memoryMbSeconds()), money.format(line.chargeMinor())));
        }
        if (statement.lines().isEmpty()) {
            body.addRows(row("No charges in this month.", "", "", "", "", "", ""));
        }
        NativeTableFooter foot = new NativeTableFooter();
        NativeTableRow total = row("Total", "", "", "", "", "", money.format(statement.totalMinor()));
        total.getStyle().set("font-weight", "bold").set("border-top", "1px solid var(--lumo-contrast-50pct)");
        foot.addRows(total);
        table.add(head, body, foot);
        return table;
    }

    private static NativeTableRow row(String... values) {
        NativeTableRow row = new NativeTableRow();
        for (int i = 0; i < values.length; i++) {
            NativeTableCell cell = new NativeTableCell(values[i]);
            cell.getStyle().set("text-align", i < 2 ? "left" : "right").set("padding", "4px 8px");
            row.add(cell);
        }
        return row;
    }

    private static Optional<String> first(List<String> values) {
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }
}
