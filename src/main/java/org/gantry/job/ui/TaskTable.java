package org.gantry.job.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.gantry.job.TaskStatus;
import org.gantry.job.TaskTerminalLinks.PortLink;

/**
 * The tasks of a job, role by role: state, exit code, retries, node, times, and per task a
 * Logs button and, where a terminal can be opened, a Connect button and an "Open port N" link
 * per port of the task (the browser proxy, opened in a new tab).
 */
class TaskTable extends Grid<TaskStatus> {

    private UnaryOperator<String> explain = UnaryOperator.identity();

    TaskTable(Function<TaskStatus, Optional<String>> terminalRoute, Function<TaskStatus, List<PortLink>> portLinks,
              Consumer<TaskStatus> onLogs, Supplier<Instant> now) {
        super(TaskStatus.class, false);
        setId("task-table");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        addColumn(TaskStatus::roleName).setHeader("Task role").setAutoWidth(true);
        addColumn(TaskStatus::taskIndex).setHeader("Index").setKey("index").setAutoWidth(true).setFlexGrow(0)
                .setTextAlign(ColumnTextAlign.END);
        addComponentColumn(task -> new JobStateBadge(task.state())).setHeader("State").setAutoWidth(true)
                .setFlexGrow(0);
        addColumn(task -> task.exitCode().map(String::valueOf).orElse("—")).setHeader("Exit code")
                .setAutoWidth(true).setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        addColumn(task -> task.retries() + 1).setHeader("Attempt").setKey("attempt").setAutoWidth(true).setFlexGrow(0)
                .setTextAlign(ColumnTextAlign.END);
        addColumn(task -> task.nodeHost().or(task::nodeIp).orElse("—")).setHeader("Node").setKey("node")
                .setAutoWidth(true);
        addColumn(task -> task.startedAt().map(Formats::dateTime).orElse("—")).setHeader("Started")
                .setKey("started").setAutoWidth(true);
        addColumn(task -> task.startedAt().map(start -> Formats.duration(Duration.between(start,
                task.completedAt().orElse(now.get())))).orElse("—")).setHeader("Duration").setKey("duration")
                .setAutoWidth(true)
                .setTextAlign(ColumnTextAlign.END);
        // A waiting task says why it waits; an ended one how it ended.
        addColumn(task -> task.waitingReason().or(() -> task.exitDiagnostics().map(explain)).orElse(""))
                .setHeader("Diagnostics")
                .setFlexGrow(2);
        // Frozen to the end, so that a phone-sized window keeps the buttons in reach; its width is
        // measured again whenever the tasks are shown (port links appear once a task listens).
        addComponentColumn(task -> actions(task, terminalRoute, portLinks, onLogs)).setHeader("").setKey("actions")
                .setAutoWidth(true).setFlexGrow(0).setFrozenToEnd(true);
    }

    /** Shows the tasks, their diagnostics put in the user's terms by {@code explain} ({@link Diagnostics}). */
    void show(List<TaskStatus> tasks, UnaryOperator<String> explain) {
        this.explain = explain;
        setItems(tasks);
        recalculateColumnWidths();
    }

    /** On a phone-sized window: role, state, exit code, diagnostics and the buttons. */
    void fitWidth(int pixels) {
        boolean wide = pixels >= JobGrid.NARROW_PIXELS;
        List.of("index", "attempt", "node", "started", "duration").forEach(key -> getColumnByKey(key).setVisible(wide));
        // Narrow, the buttons stack in a slim frozen column that leaves room for the role and state.
        Grid.Column<TaskStatus> actions = getColumnByKey("actions");
        if (wide) {
            actions.setAutoWidth(true);
            recalculateColumnWidths();
        } else {
            actions.setAutoWidth(false).setWidth("8em");
        }
    }

    private static Component actions(TaskStatus task, Function<TaskStatus, Optional<String>> terminalRoute,
                                     Function<TaskStatus, List<PortLink>> portLinks, Consumer<TaskStatus> onLogs) {
        String id = task.roleName() + "-" + task.taskIndex();
        Button logs = new Button("Logs", VaadinIcon.FILE_TEXT_O.create(), e -> onLogs.accept(task));
        logs.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_SMALL);
        logs.setId("logs-" + id);
        HorizontalLayout actions = new HorizontalLayout(logs);
        actions.setSpacing(false);
        // Two separate buttons, not one run-together label.
        actions.getStyle().set("gap", "var(--lumo-space-m)");
        terminalRoute.apply(task).ifPresent(route -> {
            Button connect = new Button("Connect", VaadinIcon.TERMINAL.create(),
                    e -> e.getSource().getUI().ifPresent(ui -> ui.navigate(route)));
            connect.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_SMALL);
            connect.setId("connect-" + id);
            actions.add(connect);
        });
        for (PortLink link : portLinks.apply(task)) {
            Anchor open = new Anchor(link.href(), "Open port " + link.port(), AnchorTarget.BLANK);
            open.setRouterIgnore(true);
            open.setId("port-" + id + "-" + link.port());
            open.getElement().setAttribute("title", "Opens the task's port " + link.port() + " through Gantry in a new tab");
            open.getStyle().set("font-size", "var(--lumo-font-size-s)").set("white-space", "nowrap");
            actions.add(open);
        }
        actions.setWrap(true);
        return actions;
    }
}
