package org.gantry.job.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import java.time.Instant;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.gantry.job.Job;

/** The job detail's summary: state, times, exit code, where it runs, attempts. */
class JobSummaryPanel extends Div {

    JobSummaryPanel() {
        setId("job-summary");
        getStyle().set("display", "grid").set("column-gap", "var(--lumo-space-l)")
                .set("row-gap", "var(--lumo-space-xs)").set("font-size", "var(--lumo-font-size-s)");
        fitWidth(JobGrid.NARROW_PIXELS);
    }

    /** Two fields a row keep the tasks above the fold on a laptop screen; one a row fits a phone. */
    void fitWidth(int pixels) {
        getStyle().set("grid-template-columns", pixels >= JobGrid.NARROW_PIXELS
                ? "max-content minmax(12em, max-content) max-content minmax(12em, 1fr)"
                : "max-content minmax(0, 1fr)");
    }

    /** @param explain puts diagnostics in the user's terms ({@link Diagnostics}) */
    void show(Job job, String executor, Instant now, UnaryOperator<String> explain) {
        removeAll();
        row("State", new JobStateBadge(job.getState()));
        if (job.getExecutionType() == Job.ExecutionType.STOP && !job.getState().isFinal()) {
            row("Requested", text("stop"));
        }
        row("Virtual cluster", text(job.getVirtualCluster()));
        row("Executor", text(executor));
        row("Submitted", text(Formats.dateTime(job.getSubmittedAt())));
        row("Started", text(job.getStartedAt().map(Formats::dateTime)));
        row("Completed", text(job.getCompletedAt().map(Formats::dateTime)));
        row("Duration", text(job.duration(now).map(Formats::duration)));
        row("Exit code", text(job.getExitCode().map(String::valueOf)));
        row("Attempts", text(String.valueOf(job.getRetries() + 1)));
        job.getExitDiagnostics().filter(d -> !d.isBlank()).ifPresent(d -> wideRow("Exit diagnostics",
                text(explain.apply(d))));
    }

    /** A line of its own under the fields, its value as wide as the panel: a long text such as diagnostics. */
    void wideRow(String label, Component value) {
        Span name = row(label, value);
        // The label starts a new line, whatever column the fields before it ended in.
        name.getStyle().set("grid-column", "1");
        value.getElement().getStyle().set("grid-column", "2 / -1");
    }

    /** Adds a field: a label and its value. Returns the label. */
    Span row(String label, Component value) {
        Span name = new Span(label);
        name.getStyle().set("color", "var(--lumo-secondary-text-color)");
        value.getElement().setAttribute("data-field", label);
        value.getElement().getStyle().set("justify-self", "start");
        add(name, value);
        return name;
    }

    private static Span text(Optional<String> value) {
        return text(value.orElse("—"));
    }

    static Span text(String value) {
        Span span = new Span(value);
        span.getStyle().set("white-space", "pre-wrap");
        return span;
    }
}
