package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouterLink;

/** What the job list shows instead of rows: why it is empty and a way on, a new job or a template. */
class JobListEmptyState extends Div {

    final Span message = new Span();
    final RouterLink newJob = new RouterLink();

    JobListEmptyState() {
        setId("job-list-empty");
        getStyle().set("display", "flex").set("flex-direction", "column").set("align-items", "center")
                .set("gap", "var(--lumo-space-s)").set("padding", "var(--lumo-space-l)");
        message.setId("job-list-empty-message");
        Button newButton = new Button("New job", VaadinIcon.PLUS.create());
        newButton.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        newButton.setTabIndex(-1);
        newJob.add(newButton);
        newJob.setRoute(JobEditorView.class);
        newJob.setId("empty-new-job");
        Div templates = new Div(new Span("or start from a template: "));
        templates.getStyle().set("text-align", "center").set("color", "var(--lumo-secondary-text-color)");
        String separator = "";
        for (JobTemplates.Template template : JobTemplates.all()) {
            RouterLink link = new RouterLink(template.title(), JobEditorView.class);
            link.setQueryParameters(QueryParameters.of("template", template.id()));
            link.setId("empty-template-" + template.id());
            templates.add(new Span(separator), link);
            separator = " · ";
        }
        add(message, newJob, templates);
    }

    /** @param filtered whether a filter narrows the list (else the viewer has no jobs at all) */
    void show(boolean filtered) {
        message.setText(filtered ? "No jobs match these filters. Clear them, or submit a new job."
                : "No jobs yet. Submit your first one.");
    }
}
