package org.gantry.job.ui;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridSortOrder;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.spring.data.VaadinSpringDataHelpers;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.gantry.job.Job;
import org.gantry.job.JobService;
import org.gantry.security.CurrentUser;

@Route("")
@PageTitle("Jobs · Gantry")
@Menu(title = "Jobs", order = 0, icon = "vaadin:tasks")
@PermitAll
class JobListView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    final Grid<Job> grid = new Grid<>(Job.class, false);

    JobListView(JobService jobs, CurrentUser currentUser) {
        setSizeFull();
        String username = currentUser.require();
        grid.setId("job-list");
        grid.addColumn(Job::getName).setHeader("Name").setKey("name").setSortable(true).setAutoWidth(true);
        grid.addColumn(Job::getVirtualCluster).setHeader("Virtual cluster").setKey("virtualCluster").setSortable(true);
        grid.addColumn(Job::getState).setHeader("State").setKey("state").setSortable(true);
        grid.addColumn(j -> WHEN.format(j.getSubmittedAt())).setHeader("Submitted").setKey("submittedAt")
                .setSortable(true);
        grid.setItems(query -> jobs.ownJobs(username,
                VaadinSpringDataHelpers.toSpringPageRequest(query)).stream());
        grid.sort(List.of(new GridSortOrder<>(
                grid.getColumnByKey("submittedAt"), SortDirection.DESCENDING)));
        grid.setEmptyStateText("No jobs yet. Submit one from New job or through the REST API.");
        grid.setSizeFull();
        add(new H2("Jobs"), grid);
    }
}
