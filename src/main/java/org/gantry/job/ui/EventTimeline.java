package org.gantry.job.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import java.util.List;
import org.gantry.job.JobEvent;
import org.gantry.job.JobEventInfo;

/** A job's events, newest first: when, what kind, why, and the message. */
class EventTimeline extends Div {

    EventTimeline() {
        setId("event-timeline");
        getStyle().set("display", "grid").set("grid-template-columns", "max-content max-content 1fr")
                .set("column-gap", "var(--lumo-space-m)").set("row-gap", "var(--lumo-space-xs)")
                .set("font-size", "var(--lumo-font-size-s)");
    }

    void show(List<JobEventInfo> events, long total) {
        removeAll();
        if (events.isEmpty()) {
            add(new Span("No events yet."));
            return;
        }
        for (JobEventInfo event : events) {
            Span when = new Span(Formats.dateTime(event.at()));
            when.getStyle().set("color", "var(--lumo-secondary-text-color)");
            Span reason = new Span(event.reason());
            reason.getStyle().set("font-weight", "600");
            if (event.type() == JobEvent.Type.Warning) {
                reason.getStyle().set("color", "var(--lumo-error-text-color)");
            }
            Span message = new Span(event.message());
            message.getStyle().set("white-space", "pre-wrap");
            message.getElement().setAttribute("data-reason", event.reason());
            add(when, reason, message);
        }
        if (total > events.size()) {
            Span more = new Span((total - events.size()) + " older events are not shown.");
            more.getStyle().set("grid-column", "1 / -1").set("color", "var(--lumo-secondary-text-color)");
            add(more);
        }
    }
}
