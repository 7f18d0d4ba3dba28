package org.gantry.job.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.DetachEvent;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import com.vaadin.flow.router.RouterLink;
import com.vaadin.flow.shared.Registration;
import jakarta.annotation.security.PermitAll;
import java.time.Duration;
import java.util.Optional;
import org.gantry.job.Job;
import org.gantry.job.JobListItem;
import org.gantry.security.VirtualCluster;

/**
 * One job: summary, actions, tasks, logs, events and config. Its URL is
 * {@code /job-detail/<user>~<job>}, OpenPAI's job id under the name of OpenPAI's page
 * ({@code job-detail.html?username=&jobName=}, which {@link OpenPaiJobDetailRedirect} forwards here).
 */
@Route("job-detail/:job")
@PermitAll
class JobDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private static final Duration REFRESH_DELAY = Duration.ofMillis(300);

    final H2 title = new H2();
    final Span subtitle = new Span();
    final Button star = new Button();
    final JobSummaryPanel summary = new JobSummaryPanel();
    final HorizontalLayout actions = new HorizontalLayout();

    private final JobViewSupport support;
    private final String viewer;
    private String owner = "";
    private String name = "";
    private Registration liveUpdates;
    private long jobId = -1;

    JobDetailView(JobViewSupport support) {
        this.support = support;
        this.viewer = support.currentUser().require();
        setId("job-detail");
        RouterLink back = new RouterLink("Jobs", JobListView.class);
        star.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ICON);
        star.setId("detail-star");
        star.addClickListener(e -> toggleStar());
        title.getStyle().set("margin", "0");
        subtitle.getStyle().set("color", "var(--lumo-secondary-text-color)");
        HorizontalLayout header = new HorizontalLayout(title, star);
        header.setAlignItems(FlexComponent.Alignment.CENTER);
        actions.setId("job-actions");
        add(back, header, subtitle, actions, summary);
    }

    static RouteParameters parameters(String owner, String name) {
        return new RouteParameters("job", owner + "~" + name);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        String id = event.getRouteParameters().get("job").orElse("");
        int tilde = id.indexOf('~');
        if (tilde <= 0 || tilde == id.length() - 1) {
            event.rerouteToError(NotFoundException.class, "No job " + id);
            return;
        }
        owner = id.substring(0, tilde);
        name = id.substring(tilde + 1);
        if (!reload()) {
            event.rerouteToError(NotFoundException.class, "No job " + id);
        }
    }

    @Override
    public String getPageTitle() {
        return owner + "~" + name + " · Gantry";
    }

    /** Reads the job again and shows it; false when the viewer may not see it (any longer). */
    boolean reload() {
        Optional<Job> found = support.search().findJob(viewer, owner, name);
        if (found.isEmpty()) {
            return false;
        }
        Job job = found.get();
        jobId = job.getId();
        title.setText(job.getName());
        subtitle.setText(job.getOwnerName() + " · " + job.getVirtualCluster());
        String executor = support.groups().virtualCluster(job.getVirtualCluster()).map(VirtualCluster::getExecutor)
                .orElse("—");
        summary.show(job, executor, support.clock().instant());
        showStar(support.search().find(viewer, owner, name).map(JobListItem::starred).orElse(false));
        showActions();
        return true;
    }

    private void showActions() {
        actions.removeAll();
        // The editor owns jobs/new; a plain link keeps this view independent of it.
        Button cloneButton = new Button("Clone", VaadinIcon.COPY.create());
        cloneButton.setTabIndex(-1);
        Anchor clone = new Anchor("jobs/new?clone=" + owner + "~" + name, cloneButton);
        clone.setId("action-clone");
        actions.add(clone);
    }

    private void showStar(boolean starred) {
        star.setIcon(JobGrid.starIcon(starred));
        star.getElement().setAttribute("data-starred", String.valueOf(starred));
        star.setAriaLabel(starred ? "Unstar" : "Star");
        star.setTooltipText(starred ? "Unstar" : "Star");
    }

    private void toggleStar() {
        boolean starred = !Boolean.parseBoolean(star.getElement().getAttribute("data-starred"));
        if (support.stars().setStarred(viewer, jobId, starred)) {
            showStar(starred);
        }
    }

    @Override
    protected void onAttach(AttachEvent event) {
        CoalescedUpdates updates = new CoalescedUpdates(event.getUI(), support.broadcaster().scheduler(),
                REFRESH_DELAY, ids -> reload());
        liveUpdates = support.broadcaster().register(change -> {
            if (change.jobId() == jobId) {
                updates.add(change.jobId());
            }
        });
    }

    @Override
    protected void onDetach(DetachEvent event) {
        if (liveUpdates != null) {
            liveUpdates.remove();
            liveUpdates = null;
        }
    }
}
