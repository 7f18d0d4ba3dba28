package org.gantry.usage.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import jakarta.annotation.security.PermitAll;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.gantry.base.ui.WindowWidth;
import org.gantry.security.CurrentUser;
import org.gantry.usage.BehaviourService;
import org.gantry.usage.BillingService;
import org.gantry.usage.Statement;
import org.gantry.usage.UsageBucket;
import org.gantry.usage.UsageService;

/** The caller's own usage: budgets, recommendations, a month's statement (CSV, printable), and the last 30 days per day. */
@Route("usage")
@PageTitle("My usage · Gantry")
@Menu(title = "My usage", order = 3, icon = "vaadin:chart")
@PermitAll
class MyUsageView extends VerticalLayout {

    private final BillingService billing;
    private final String me;
    final BudgetPanel budgets = new BudgetPanel();
    final Select<YearMonth> month = new Select<>();
    final StatementGrid statement;
    final Anchor csv = new Anchor();
    final Anchor printable = new Anchor();
    final Grid<UsageBucket> daily = new Grid<>(UsageBucket.class, false);

    MyUsageView(BillingService billing, UsageService usage, BehaviourService behaviour, CurrentUser currentUser,
                Clock clock) {
        this.billing = billing;
        this.me = currentUser.require();
        this.statement = new StatementGrid(billing.money(), false);
        statement.setId("statement");
        statement.setEmptyStateText("No charges this month. Submit a job from New job: its run time is charged"
                + " at your virtual cluster's prices once an attempt runs.");
        budgets.show(billing.statusesFor(me), billing.money(), me, "No budget applies to you; an administrator sets"
                + " budgets under Admin: usage.");
        month.setLabel("Month");
        month.setItems(UsageFormats.lastMonths(billing.currentMonth()));
        month.addValueChangeListener(e -> showMonth(e.getValue()));
        csv.setText("Download CSV");
        csv.setId("statement-csv");
        printable.setText("Printable statement");
        printable.setTarget(AnchorTarget.BLANK);
        HorizontalLayout tools = new HorizontalLayout(month, csv, printable);
        tools.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        tools.getStyle().set("flex-wrap", "wrap");

        daily.setId("daily-usage");
        daily.addColumn(b -> LocalDate.ofInstant(b.start(), ZoneOffset.UTC).toString()).setHeader("Day").setAutoWidth(true);
        daily.addColumn(UsageBucket::jobs).setHeader("Jobs").setTextAlign(ColumnTextAlign.END);
        Grid.Column<UsageBucket> succeeded = daily.addColumn(b -> b.succeeded() + " / " + b.attempts())
                .setHeader("Succeeded").setTextAlign(ColumnTextAlign.END);
        daily.addColumn(b -> UsageFormats.hours(b.cpuSeconds())).setHeader("CPU-hours").setTextAlign(ColumnTextAlign.END);
        Grid.Column<UsageBucket> gpu = daily.addColumn(b -> UsageFormats.hours(b.gpuSeconds())).setHeader("GPU-hours")
                .setTextAlign(ColumnTextAlign.END);
        Grid.Column<UsageBucket> wait = daily.addColumn(b -> UsageFormats.duration(b.meanWaitSeconds()))
                .setHeader("Mean wait").setTextAlign(ColumnTextAlign.END);
        Grid.Column<UsageBucket> used = daily.addColumn(b -> UsageFormats.hours(b.usedCpuSeconds()))
                .setHeader("CPU-hours used").setTextAlign(ColumnTextAlign.END)
                .setTooltipGenerator(b -> "CPU time the tasks' processes used, as measured at their end");
        Grid.Column<UsageBucket> peak = daily.addColumn(b -> b.maxPeakMemoryMb() == 0 ? "–" : b.maxPeakMemoryMb() + " MB")
                .setHeader("Peak memory").setTextAlign(ColumnTextAlign.END)
                .setTooltipGenerator(b -> "The highest peak memory of one task attempt that day");
        // A phone-sized window shows the day, jobs and CPU-hours of each; the chart above has the rest.
        WindowWidth.follow(this, pixels -> {
            statement.fitWidth(pixels);
            List.of(succeeded, gpu, wait, used, peak).forEach(column -> column.setVisible(!WindowWidth.narrow(pixels)));
        });
        daily.addThemeVariants(GridVariant.LUMO_COMPACT);
        daily.setAllRowsVisible(true);
        daily.setEmptyStateText("No task attempt of yours ended in the last 30 days.");
        Instant now = clock.instant();
        LocalDate tomorrow = LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(1);
        List<UsageBucket> days = usage.usage(tomorrow.minusDays(30).atStartOfDay(ZoneOffset.UTC).toInstant(),
                tomorrow.atStartOfDay(ZoneOffset.UTC).toInstant(), UsageService.By.DAY, UsageService.Filter.ALL);
        List<UsageBucket> newestFirst = new java.util.ArrayList<>(days);
        java.util.Collections.reverse(newestFirst);
        daily.setItems(newestFirst);

        add(new H2("My usage"), new H3("Budgets"), budgets, new H3("Recommended for you"),
                new RecommendationPanel(behaviour.profile(me)), new H3("Statement"), tools, statement,
                new H3("Last 30 days"), UsageCharts.daily(days), daily);
        month.setValue(billing.currentMonth());
    }

    private void showMonth(YearMonth period) {
        Statement s = billing.statement(period, Optional.of(me), Optional.empty());
        statement.show(s);
        byte[] bytes = BillingService.csv(s, billing.money()).getBytes(StandardCharsets.UTF_8);
        csv.setHref(DownloadHandler.fromInputStream(event -> new com.vaadin.flow.server.streams.DownloadResponse(
                new java.io.ByteArrayInputStream(bytes), "statement-" + period + ".csv", "text/csv", bytes.length)));
        printable.setHref("usage/statement/" + period);
    }
}
