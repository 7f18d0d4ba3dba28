package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import org.gantry.job.Job;

/**
 * What a person may do with a job: stop and resubmit (its owner and administrators), clone
 * into the editor (anyone who sees it; the editor gets the config without others' secrets).
 */
class JobActions extends HorizontalLayout {

    final Button stop = new Button("Stop", VaadinIcon.STOP.create());
    final Button resubmit = new Button("Resubmit", VaadinIcon.REFRESH.create());
    final Anchor clone = new Anchor();

    JobActions(Runnable onStop, Runnable onResubmit) {
        setId("job-actions");
        stop.setId("action-stop");
        stop.addThemeVariants(ButtonVariant.LUMO_ERROR);
        stop.addClickListener(e -> {
            ConfirmDialog confirm = new ConfirmDialog("Stop this job?",
                    "Its running tasks are stopped. To run it again later, use Resubmit: it submits a copy as a"
                            + " new job.", "Stop", ok -> onStop.run(),
                    "Cancel", cancel -> { });
            confirm.setConfirmButtonTheme("error primary");
            confirm.setId("confirm-stop");
            confirm.open();
        });
        resubmit.setId("action-resubmit");
        resubmit.addClickListener(e -> onResubmit.run());
        // The editor owns jobs/new; a plain link keeps this view independent of it.
        Button cloneButton = new Button("Clone", VaadinIcon.COPY.create());
        cloneButton.setTabIndex(-1);
        clone.add(cloneButton);
        clone.setId("action-clone");
        add(stop, resubmit, clone);
    }

    void show(Job job, boolean canModify, String owner, String name) {
        boolean running = !job.getState().isFinal() && job.getExecutionType() == Job.ExecutionType.START;
        stop.setVisible(canModify && running);
        resubmit.setVisible(canModify);
        clone.setHref("jobs/new?clone=" + owner + "~" + name);
    }
}
