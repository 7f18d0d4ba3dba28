package org.gantry.job.ui;

import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;

/** All jobs the user may see, the user's own by default; the filter lives in the URL. */
@Route("")
@PageTitle("Jobs · Gantry")
@Menu(title = "Jobs", order = 0, icon = "vaadin:tasks")
@PermitAll
class JobListView extends VerticalLayout implements BeforeEnterObserver {

    final JobListPanel list;

    JobListView(JobViewSupport support) {
        setSizeFull();
        list = new JobListPanel(support, false, true, JobListView.class);
        add(new H2("Jobs"), list);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        list.show(event.getLocation().getQueryParameters());
    }
}
