package org.gantry.job.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dependency.Uses;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouteConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.util.HtmlUtils;

/**
 * What the job list shows instead of rows: why it is empty and a way on, a new job or a template.
 * Every session's job list holds one, so all but the message is one piece of HTML (one state
 * node instead of about thirty; docs/decisions/0101-ui-session-state.md); its links navigate in
 * the browser as a {@code RouterLink}'s do.
 */
@Uses(Button.class)
@Uses(Icon.class)
class JobListEmptyState extends Div {

    final Span message = new Span();
    /** The links offered, in order: a new job, then one per template. */
    final List<String> hrefs = new ArrayList<>();

    JobListEmptyState() {
        setId("job-list-empty");
        getStyle().set("display", "flex").set("flex-direction", "column").set("align-items", "center")
                .set("gap", "var(--lumo-space-s)").set("padding", "var(--lumo-space-l)");
        message.setId("job-list-empty-message");
        String newJob = RouteConfiguration.forApplicationScope().getUrl(JobEditorView.class);
        hrefs.add(newJob);
        StringBuilder html = new StringBuilder("<div style=\"display: flex; flex-direction: column;"
                + " align-items: center; gap: var(--lumo-space-s)\">")
                .append("<a router-link id=\"empty-new-job\" href=\"").append(escape(newJob)).append("\">")
                .append("<vaadin-button theme=\"primary\" tabindex=\"-1\">")
                .append("<vaadin-icon icon=\"vaadin:plus\" slot=\"prefix\"></vaadin-icon>New job</vaadin-button></a>")
                .append("<div style=\"text-align: center; color: var(--lumo-secondary-text-color)\">")
                .append("<span>or start from a template: </span>");
        String separator = "";
        for (JobTemplates.Template template : JobTemplates.all()) {
            String href = newJob + "?" + QueryParameters.of("template", template.id()).getQueryString();
            hrefs.add(href);
            html.append(separator).append("<a router-link id=\"empty-template-").append(escape(template.id()))
                    .append("\" href=\"").append(escape(href)).append("\">").append(escape(template.title()))
                    .append("</a>");
            separator = "<span> · </span>";
        }
        add(message, new Html(html.append("</div></div>").toString()));
    }

    /** @param filtered whether a filter narrows the list (else the viewer has no jobs at all) */
    void show(boolean filtered) {
        message.setText(filtered ? "No jobs match these filters. Clear them, or submit a new job."
                : "No jobs yet. Submit your first one.");
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
