package org.gantry.job.ui;

import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;

/** The jobs the user starred, anyone's, with the job list's columns and filters. */
@Route("starred")
@PageTitle("Starred jobs · Gantry")
@Menu(title = "Starred", order = 1, icon = "vaadin:star")
@PermitAll
class StarredJobsView extends VerticalLayout implements BeforeEnterObserver {

    final JobListPanel list;

    StarredJobsView(JobViewSupport support) {
        setSizeFull();
        list = new JobListPanel(support, true, false, StarredJobsView.class);
        list.grid.setEmptyStateText("No starred jobs. Star a job in the job list or on its page.");
        add(new H2("Starred jobs"), list);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        list.show(event.getLocation().getQueryParameters());
    }
}
