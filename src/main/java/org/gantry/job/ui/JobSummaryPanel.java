package org.gantry.job.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import java.time.Instant;
import java.util.Optional;
import org.gantry.job.Job;

/** The job detail's summary: state, times, exit code, where it runs, attempts. */
class JobSummaryPanel extends Div {

    JobSummaryPanel() {
        setId("job-summary");
        // Two fields a row keeps the tasks above the fold on a laptop screen.
        getStyle().set("display", "grid")
                .set("grid-template-columns", "max-content minmax(12em, max-content) max-content minmax(12em, 1fr)")
                .set("column-gap", "var(--lumo-space-l)").set("row-gap", "var(--lumo-space-xs)")
                .set("font-size", "var(--lumo-font-size-s)");
    }

    void show(Job job, String executor, Instant now) {
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
        job.getExitDiagnostics().filter(d -> !d.isBlank()).ifPresent(d -> {
            Span diagnostics = text(d);
            diagnostics.getStyle().set("grid-column", "2 / -1");
            row("Exit diagnostics", diagnostics);
        });
    }

    /** Adds a line under the summary, e.g. why a job is waiting. */
    void row(String label, Component value) {
        Span name = new Span(label);
        name.getStyle().set("color", "var(--lumo-secondary-text-color)");
        value.getElement().setAttribute("data-field", label);
        value.getElement().getStyle().set("justify-self", "start");
        add(name, value);
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
