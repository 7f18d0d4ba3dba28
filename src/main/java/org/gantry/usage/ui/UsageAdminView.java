package org.gantry.usage.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import jakarta.annotation.security.RolesAllowed;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.gantry.usage.BehaviourService;
import org.gantry.usage.BillingService;
import org.gantry.usage.HistoryService;
import org.gantry.usage.UsageBucket;
import org.gantry.usage.UsageService;

/** Everyone's usage for administrators: the history export for any period, all budgets, a month's statement. */
@Route("admin/usage")
@PageTitle("Usage · Gantry")
@Menu(title = "Admin: usage", order = 94, icon = "vaadin:chart-grid")
@RolesAllowed("ADMIN")
class UsageAdminView extends VerticalLayout {

    private final BillingService billing;
    private final HistoryService history;
    final DatePicker from = new DatePicker("From");
    final DatePicker to = new DatePicker("To (exclusive)");
    final Anchor export = new Anchor();
    final Span exportProblem = new Span();
    final Button exportToStore = new Button("Export to storage");
    final Select<YearMonth> month = new Select<>();
    final StatementGrid statement;
    final Anchor printable = new Anchor();
    final BudgetPanel budgets = new BudgetPanel();

    UsageAdminView(BillingService billing, HistoryService history, UsageService usage, BehaviourService behaviour,
                   Clock clock) {
        this.billing = billing;
        this.history = history;
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        from.setValue(today.withDayOfMonth(1));
        to.setValue(today.plusDays(1));
        from.addValueChangeListener(e -> updateExport());
        to.addValueChangeListener(e -> updateExport());
        export.setText("Download history CSV");
        export.setId("history-export");
        exportProblem.getStyle().set("color", "var(--lumo-error-text-color)");
        exportToStore.setId("history-export-store");
        exportToStore.setTooltipText("Writes history/<from>.csv into the " + history.exportTarget()
                + ", as the scheduled export does");
        exportToStore.addClickListener(e -> exportToStore());
        HorizontalLayout exportForm = new HorizontalLayout(from, to, export, exportToStore, exportProblem);
        exportForm.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        exportForm.getStyle().set("flex-wrap", "wrap");
        updateExport();

        statement = new StatementGrid(billing.money(), true);
        statement.setId("statement");
        statement.setEmptyStateText("No charges in this month. Charges appear once attempts run on a virtual cluster"
                + " that has a price (PUT /api/v2/billing/prices).");
        month.setLabel("Month");
        month.setItems(UsageFormats.lastMonths(billing.currentMonth()));
        month.addValueChangeListener(e -> {
            statement.show(billing.statement(e.getValue(), Optional.empty(), Optional.empty()));
            printable.setHref("usage/statement/" + e.getValue());
        });
        printable.setText("Printable statement");
        printable.setTarget(AnchorTarget.BLANK);
        HorizontalLayout monthBar = new HorizontalLayout(month, printable);
        monthBar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        budgets.show(billing.budgetStatuses(), billing.money(), "", "No budgets. Set them with PUT /api/v2/billing/budgets.");

        LocalDate tomorrow = today.plusDays(1);
        List<UsageBucket> days = usage.usage(tomorrow.minusDays(30).atStartOfDay(ZoneOffset.UTC).toInstant(),
                tomorrow.atStartOfDay(ZoneOffset.UTC).toInstant(), UsageService.By.DAY, UsageService.Filter.ALL);
        Instant monthStart = billing.currentMonth().atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        List<UsageService.Utilization> clusters = usage.utilization(monthStart,
                tomorrow.atStartOfDay(ZoneOffset.UTC).toInstant());
        add(new H2("Usage"), new H3("Last 30 days, everyone"), UsageCharts.daily(days), UsageCharts.outcomes(days),
                UsageCharts.utilization(clusters), new H3("Behaviour"),
                new BehaviourPanel(behaviour, clusters.stream().map(UsageService.Utilization::virtualCluster).toList()),
                new H3("Job history"), exportForm, new H3("Budgets this month"), budgets, new H3("Statement"), monthBar,
                statement);
        month.setValue(billing.currentMonth());
    }

    private void updateExport() {
        LocalDate first = from.getValue();
        LocalDate end = to.getValue();
        exportProblem.setText("");
        if (first == null || end == null) {
            export.setEnabled(false);
            exportToStore.setEnabled(false);
            exportProblem.setText("Pick both days.");
            return;
        }
        Instant start = first.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant stop = end.atStartOfDay(ZoneOffset.UTC).toInstant();
        try {
            HistoryService.checkPeriod(start, stop);
        } catch (IllegalArgumentException e) {
            export.setEnabled(false);
            exportToStore.setEnabled(false);
            exportProblem.setText(e.getMessage());
            return;
        }
        export.setEnabled(true);
        exportToStore.setEnabled(true);
        export.setHref((DownloadHandler) event -> {
            event.setFileName("history-" + first + "-" + end + ".csv");
            event.setContentType("text/csv;charset=UTF-8");
            Writer out = new BufferedWriter(new OutputStreamWriter(event.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
            history.writeCsv(start, stop, out);
            out.flush();
        });
    }

    private void exportToStore() {
        try {
            String where = history.exportNow(from.getValue(), to.getValue());
            exportProblem.setText("");
            Notification.show("History exported to " + where);
        } catch (IOException | RuntimeException e) {
            exportProblem.setText("The export failed: " + e.getMessage() + " Check the export storage under"
                    + " Admin: storages and try again.");
        }
    }
}
