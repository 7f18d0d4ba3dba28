package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.gantry.base.ui.Notifications;
import org.gantry.job.Job;
import org.gantry.job.JobListItem;
import org.gantry.job.JobService;

/**
 * Stop or tag the jobs selected in the list at once; until some are, the buttons are disabled
 * and a hint says how to select. Only the viewer's own jobs (all, for an
 * administrator) can be selected; the job service checks again for each job.
 */
class JobBulkActions extends HorizontalLayout {

    static final String HINT = "Tick jobs to tag or stop them";

    final Button stop = new Button("Stop selected", VaadinIcon.STOP.create());
    final Button tag = new Button("Tag selected", VaadinIcon.TAG.create());
    final TextField tagName = new TextField();
    final Span hint = new Span(HINT);

    private final JobService jobs;
    private final Supplier<Set<JobListItem>> selection;
    private final Runnable afterChange;

    JobBulkActions(JobService jobs, Supplier<Set<JobListItem>> selection, Runnable afterChange) {
        this.jobs = jobs;
        this.selection = selection;
        this.afterChange = afterChange;
        setId("bulk-actions");
        setSpacing(false);
        setAlignItems(Alignment.BASELINE);
        getStyle().set("gap", "var(--lumo-space-s)").set("flex-wrap", "wrap");
        hint.setId("bulk-hint");
        hint.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        stop.setId("bulk-stop");
        stop.addThemeVariants(ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_SMALL);
        stop.addClickListener(e -> confirmStop());
        tagName.setPlaceholder("Tag name");
        tagName.setAriaLabel("Tag to add to the selected jobs");
        tagName.setMaxLength(Job.TAG_MAX);
        tagName.setWidth("8em");
        tagName.setId("bulk-tag-name");
        tagName.addThemeName("small");
        tag.setId("bulk-tag");
        tag.addThemeVariants(ButtonVariant.LUMO_SMALL);
        tag.addClickListener(e -> tagSelected());
        add(hint, tagName, tag, stop);
        selectionChanged(0);
    }

    void selectionChanged(int selected) {
        stop.setEnabled(selected > 0);
        tag.setEnabled(selected > 0);
        // Shown with the buttons enabled: an empty box beside disabled buttons says nothing.
        tagName.setVisible(selected > 0);
        hint.setVisible(selected == 0);
        String count = selected > 0 ? " (" + selected + ")" : "";
        stop.setText("Stop selected" + count);
        tag.setText("Tag selected" + count);
    }

    private void confirmStop() {
        int count = selection.get().size();
        ConfirmDialog confirm = new ConfirmDialog("Stop " + count + (count == 1 ? " job?" : " jobs?"),
                "Their running tasks are stopped. A stopped job can be resubmitted as a new one from its page.",
                "Stop", ok -> stopSelected(),
                "Cancel", cancel -> { });
        confirm.setConfirmButtonTheme("error primary");
        confirm.setId("confirm-bulk-stop");
        confirm.open();
    }

    void stopSelected() {
        apply(job -> jobs.setExecutionType(job.owner(), job.name(), Job.ExecutionType.STOP), "Stopping");
    }

    void tagSelected() {
        String value = tagName.getValue().strip();
        if (value.isEmpty()) {
            tagName.focus();
            return;
        }
        apply(job -> jobs.addTag(job.owner(), job.name(), value), "Tagged \"" + value + "\":");
        tagName.clear();
    }

    private void apply(Consumer<JobListItem> action, String verb) {
        int done = 0;
        StringBuilder failures = new StringBuilder();
        for (JobListItem job : selection.get()) {
            try {
                action.accept(job);
                done++;
            } catch (RuntimeException e) {
                failures.append('\n').append(job.frameworkName()).append(": ").append(e.getMessage());
            }
        }
        if (done > 0) {
            Notifications.success(verb + " " + done + (done == 1 ? " job" : " jobs"));
        }
        if (!failures.isEmpty()) {
            Notifications.error("Not done for" + failures);
        }
        afterChange.run();
    }
}
