package org.gantry.job.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskStep;

/**
 * The steps of one task attempt — env, bash, module, conda, pip, callBefore, the task's commands,
 * callAfter, as far as the task declares them — with status, exit code and duration, and the
 * last stderr lines of a step that failed. A task that was retried gets an attempt picker; it
 * follows the newest attempt until the person picks an older one. {@link #poll()} reads again
 * until the attempt has ended.
 */
class StepPanel extends VerticalLayout {

    final Span task = new Span();
    final Select<Integer> attempt = new Select<>();
    final Grid<TaskStep> grid = new Grid<>(TaskStep.class, false);
    final Span message = new Span();
    final Div failures = new Div();

    private final TaskLogs logs;
    private final Consumer<Shown> onAttempt;
    private String owner = "";
    private String job = "";
    private String role = "";
    private int index;
    private int jobAttempt;
    private int retries;
    private boolean followLatest = true;
    /** Someone asked to stop the job: a step killed by that shows as stopped, not failed. */
    private boolean stopRequested;
    private boolean complete;
    /** The last read found the attempt ended, or not launched: nothing more will come once the job is over. */
    private boolean settled;

    /** The task attempt the panel shows. */
    record Shown(String role, int index, TaskLogs.Attempt attempt) {
    }

    /** @param onAttempt told which task attempt is shown whenever that changes */
    StepPanel(TaskLogs logs, Consumer<Shown> onAttempt) {
        this.logs = logs;
        this.onAttempt = onAttempt;
        setId("step-panel");
        setPadding(false);
        setSpacing(false);
        task.setId("step-task");
        task.getStyle().set("font-weight", "600");
        attempt.setId("step-attempt");
        attempt.setLabel("Attempt");
        attempt.setWidth("9em");
        attempt.setItemLabelGenerator(retry -> retry + 1 + (retry == retries ? " (latest)" : ""));
        attempt.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                followLatest = e.getValue() == retries;
                restart();
            }
        });
        H4 heading = new H4("Steps");
        heading.getStyle().set("margin", "var(--lumo-space-s) 0 var(--lumo-space-xs) 0");
        HorizontalLayout bar = new HorizontalLayout(task, attempt);
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);

        grid.setId("step-table");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        grid.setAllRowsVisible(true);
        grid.addColumn(TaskStep::name).setHeader("Step").setKey("step").setAutoWidth(true)
                .setFlexGrow(0);
        grid.addComponentColumn(step -> badge(step, stopRequested)).setHeader("Status").setKey("status")
                .setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(step -> step.exitCode().map(String::valueOf).orElse("—")).setHeader("Exit code")
                .setKey("exitCode").setAutoWidth(true).setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        grid.addColumn(step -> step.duration().map(Formats::stepDuration).orElse("—")).setHeader("Duration")
                .setKey("duration").setAutoWidth(true).setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        grid.addColumn(step -> step.startedAt().map(Formats::dateTime).orElse("")).setHeader("Started")
                .setKey("started").setAutoWidth(true);
        grid.setWidth("42em");
        grid.getStyle().set("max-width", "100%");
        message.setId("step-message");
        message.getStyle().set("color", "var(--lumo-secondary-text-color)");
        failures.setId("step-failures");
        failures.setWidthFull();
        add(bar, heading, message, grid, failures);
        setVisible(false);
    }

    /**
     * Shows the newest attempt of task {@code role[index]} of {@code owner~job}.
     *
     * @param jobAttempt the job's current attempt, whose task attempts are listed
     * @param retries    how often the task was retried in it
     */
    void show(String owner, String job, String role, int index, int jobAttempt, int retries) {
        this.owner = owner;
        this.job = job;
        this.role = role;
        this.index = index;
        task.setText(role + "-" + index);
        followLatest = true;
        setVisible(true);
        attempts(jobAttempt, retries);
        restart();
    }

    /** Whether the job's stop was asked for (by its owner or an administrator), which explains killed steps. */
    void stopRequested(boolean requested) {
        if (requested != stopRequested) {
            stopRequested = requested;
            grid.getDataProvider().refreshAll();
        }
    }

    boolean showing(String role, int index) {
        return isVisible() && this.role.equals(role) && this.index == index;
    }

    /** Takes the task's attempts as they stand now (a retry adds one) and reads the steps again. */
    void update(int jobAttempt, int retries) {
        if (!isVisible()) {
            return;
        }
        TaskLogs.Attempt before = selected();
        attempts(jobAttempt, retries);
        if (selected().equals(before)) {
            poll();
        } else {
            restart();
        }
    }

    /**
     * Whether the steps shown are final, provided the job is over: its attempt ended and was read,
     * or it was never launched. The page polls a finished job until then.
     */
    boolean settled() {
        return !isVisible() || settled;
    }

    /** The attempt shown. */
    TaskLogs.Attempt selected() {
        return new TaskLogs.Attempt(jobAttempt, Optional.ofNullable(attempt.getValue()).orElse(retries));
    }

    /** Reads the steps again; a no-op once the attempt has ended and its steps were read. */
    void poll() {
        if (!isVisible() || complete) {
            return;
        }
        Optional<TaskLogs.Steps> steps;
        try {
            steps = logs.steps(owner, job, role, index, Optional.of(selected()));
        } catch (IllegalStateException e) {
            message.setText(e.getMessage());
            message.setVisible(true);
            settled = false;
            return;
        }
        settled = steps.map(TaskLogs.Steps::complete).orElse(true);
        if (steps.isEmpty()) {
            message.setText("The attempt has not started yet.");
            message.setVisible(true);
            grid.setVisible(false);
            failures.removeAll();
            return;
        }
        message.setVisible(false);
        grid.setVisible(true);
        grid.setItems(steps.get().steps());
        showFailures(steps.get().steps());
        complete = steps.get().complete();
    }

    /** Lists the attempts of the job's attempt {@code jobAttempt}, keeping an older one the person picked. */
    private void attempts(int jobAttempt, int retries) {
        Integer previous = attempt.getValue();
        boolean keep = !followLatest && jobAttempt == this.jobAttempt && previous != null && previous <= retries;
        this.jobAttempt = jobAttempt;
        this.retries = retries;
        followLatest = !keep;
        attempt.setItems(IntStream.rangeClosed(0, retries).boxed().toList());
        attempt.setValue(keep ? previous : retries);
        attempt.setVisible(retries > 0);
    }

    private void restart() {
        complete = false;
        settled = false;
        grid.setItems(List.of());
        failures.removeAll();
        onAttempt.accept(new Shown(role, index, selected()));
        poll();
    }

    private static boolean stoppedBySignal(TaskStep step) {
        return step.status() == TaskStep.Status.INTERRUPTED
                || step.status() == TaskStep.Status.FAILED
                && step.exitCode().filter(STOP_SIGNAL_EXITS::contains).isPresent();
    }

    private void showFailures(List<TaskStep> steps) {
        failures.removeAll();
        for (TaskStep step : steps) {
            if (step.stderrTail().isEmpty() || stopRequested && stoppedBySignal(step)) {
                continue;
            }
            Span title = new Span("stderr of " + step.name() + " (last lines)");
            title.getStyle().set("font-size", "var(--lumo-font-size-s)").set("font-weight", "600");
            Pre text = new Pre(String.join("\n", step.stderrTail()));
            text.setId("step-stderr-" + step.name());
            text.getStyle().set("font-size", "var(--lumo-font-size-xs)").set("margin", "var(--lumo-space-xs) 0")
                    .set("padding", "var(--lumo-space-s)").set("white-space", "pre-wrap")
                    .set("background", "var(--lumo-error-color-10pct)")
                    .set("border-radius", "var(--lumo-border-radius-m)");
            failures.add(new Div(title, text));
        }
    }

    /** Exit codes of a step ended by a signal that a stop sends: SIGINT, SIGKILL, SIGTERM (128 + signal). */
    private static final Set<Integer> STOP_SIGNAL_EXITS = Set.of(130, 137, 143);

    static Badge badge(TaskStep step, boolean stopRequested) {
        if (stopRequested && stoppedBySignal(step)) {
            Badge badge = new Badge("Stopped", "contrast");
            badge.getElement().setAttribute("data-status", "STOPPED");
            badge.setTitle("Ended by the stop that was asked for" + step.exitCode().map(c -> " (exit code " + c + ")")
                    .orElse(""));
            return badge;
        }
        Badge badge = switch (step.status()) {
            case NOT_STARTED -> new Badge("Not started", "contrast");
            case RUNNING -> new Badge("Running", "primary");
            case OK -> new Badge("OK", "success");
            case FAILED -> new Badge("Failed", "error");
            case SKIPPED -> new Badge("Skipped", "contrast");
            case INTERRUPTED -> new Badge("Interrupted", "error");
        };
        badge.getElement().setAttribute("data-status", step.status().name());
        return badge;
    }
}
