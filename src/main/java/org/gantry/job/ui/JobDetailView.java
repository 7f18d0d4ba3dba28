package org.gantry.job.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.DetachEvent;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.tabs.Tab;
import com.vaadin.flow.component.tabs.TabSheet;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.gantry.base.ui.Notifications;
import org.gantry.job.Job;
import org.gantry.job.JobDetail;
import org.gantry.job.JobListItem;
import org.gantry.job.JobService;
import org.gantry.job.JobState;
import org.gantry.job.TaskStatus;
import org.gantry.job.TaskTerminalLinks;
import org.gantry.security.VirtualCluster;

/**
 * One job: summary, actions, tasks, a task's steps and logs, events and config. Its URL is
 * {@code /job-detail/<user>~<job>}, OpenPAI's job id under the name of OpenPAI's page
 * ({@code job-detail.html?username=&jobName=}, which {@link OpenPaiJobDetailRedirect} forwards
 * here). While the job runs the page polls every two seconds; state changes also arrive by push.
 */
@Route("job-detail/:job")
@PermitAll
class JobDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private static final Duration REFRESH_DELAY = Duration.ofMillis(300);
    private static final int POLL_MILLIS = 2000;
    private static final int EVENTS_SHOWN = 200;

    final H2 title = new H2();
    final Span subtitle = new Span();
    final Button star = new Button();
    final JobSummaryPanel summary = new JobSummaryPanel();
    final JobActions actions;
    final TagEditor tags = new TagEditor();
    final TaskTable tasks;
    final EventTimeline events = new EventTimeline();
    final Pre config = new Pre();
    final FailureBanner failure = new FailureBanner();
    final TabSheet tabs = new TabSheet();
    final Optional<StepPanel> steps;
    final Optional<LogPanel> logs;
    private final Optional<Tab> stepsTab;
    final Optional<SharedTemplatePanel> template;

    private final JobViewSupport support;
    private final String viewer;
    private final boolean admin;
    private String owner = "";
    private String name = "";
    private long jobId = -1;
    private int jobAttempt;
    private Registration liveUpdates;
    private Registration resizes;

    JobDetailView(JobViewSupport support) {
        this.support = support;
        this.viewer = support.currentUser().require();
        // Read once on a request thread: pushed refreshes run without the security context.
        this.admin = support.currentUser().isAdmin();
        setId("job-detail");
        star.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ICON);
        star.setId("detail-star");
        star.addClickListener(e -> toggleStar());
        title.getStyle().set("margin", "0");
        subtitle.getStyle().set("color", "var(--lumo-secondary-text-color)");
        HorizontalLayout header = new HorizontalLayout(title, star);
        header.setAlignItems(FlexComponent.Alignment.CENTER);
        actions = new JobActions(this::stop, this::resubmit);
        tags.addTagChangeListener(e -> changeTag(e.tag, e.added));
        tasks = new TaskTable(this::terminalRoute, this::portLinks, this::showLogs, () -> support.clock().instant());

        config.setId("job-config");
        config.getStyle().set("font-size", "var(--lumo-font-size-s)").set("margin", "0")
                .set("padding", "var(--lumo-space-m)").set("background", "var(--lumo-contrast-5pct)")
                .set("border-radius", "var(--lumo-border-radius-m)").set("overflow", "auto");
        tabs.setWidthFull();
        tabs.add("Tasks", tasks).setId("tab-tasks");
        logs = support.taskLogs().map(LogPanel::new);
        steps = support.taskLogs().map(taskLogs -> new StepPanel(taskLogs, shown -> logs.ifPresent(panel ->
                panel.show(owner, name, shown.role(), shown.index(), shown.attempt()))));
        stepsTab = steps.map(panel -> {
            VerticalLayout stepsAndLog = new VerticalLayout(panel, logs.orElseThrow());
            stepsAndLog.setPadding(false);
            return tabs.add("Steps & logs", stepsAndLog);
        });
        stepsTab.ifPresent(tab -> tab.setId("tab-logs"));
        tabs.add("Events", events).setId("tab-events");
        tabs.add("Config", config).setId("tab-config");
        tabs.addSelectedChangeListener(e -> {
            if (e.getSelectedTab().getId().orElse("").equals("tab-config")) {
                showConfig();
            }
        });
        template = support.sharedTemplates().map(SharedTemplatePanel::new);
        add(new RouterLink("Jobs", JobListView.class), header, subtitle, failure);
        template.ifPresent(this::add);
        add(actions, tags, summary, tabs);
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
            return;
        }
        template.ifPresent(panel -> panel.show(owner, name, viewer.equals(owner)));
    }

    @Override
    public String getPageTitle() {
        return owner + "~" + name + " · Gantry";
    }

    /** Reads the job again and shows it; false when the viewer may not see it (any longer). */
    boolean reload() {
        return reload(true);
    }

    /**
     * @param onRequest whether this runs on a request thread with the viewer's security
     *                  context; the logs are read only then, as reading them checks who asks
     */
    private boolean reload(boolean onRequest) {
        Optional<Job> found = support.search().findJob(viewer, owner, name);
        Optional<JobListItem> item = support.search().find(viewer, owner, name);
        if (found.isEmpty() || item.isEmpty()) {
            return false;
        }
        Job job = found.get();
        jobId = job.getId();
        JobService jobs = support.jobs();
        JobDetail detail = jobs.detail(owner, name, Optional.empty());
        boolean canModify = canModify();
        title.setText(job.getName());
        subtitle.setText(job.getOwnerName() + " · " + job.getVirtualCluster());
        String executor = support.groups().virtualCluster(job.getVirtualCluster()).map(VirtualCluster::getExecutor)
                .orElse("—");
        // The YAML is read only when there are diagnostics to explain, at most once a reload.
        Map<String, String> yaml = new HashMap<>(1);
        UnaryOperator<String> explain = text -> Diagnostics.explain(text,
                yaml.computeIfAbsent("config", k -> support.jobs().config(owner, name)));
        summary.show(job, executor, support.clock().instant(), explain);
        showStar(item.get().starred());
        actions.show(job, canModify, owner, name);
        tags.show(item.get().tags(), canModify);
        List<TaskStatus> taskList = detail.taskRoles().values().stream().flatMap(List::stream).toList();
        tasks.show(taskList, explain);
        showWhyWaiting(job, taskList);
        if (onRequest && job.getState().isFinal()) {
            // reading the logs checks who asks: only on a request thread
            failure.show(support.failureExplanations().flatMap(f -> f.explain(owner, name)), owner, name);
        } else if (!job.getState().isFinal()) {
            failure.show(Optional.empty(), owner, name);
        }
        JobService.EventPage page = jobs.events(owner, name, Optional.empty(), EVENTS_SHOWN);
        events.show(page.events(), page.totalCount());
        jobAttempt = detail.attempt().attemptIndex();
        steps.ifPresent(panel -> panel.stopRequested(job.getExecutionType() == Job.ExecutionType.STOP));
        steps.filter(panel -> onRequest).ifPresent(panel -> {
            if (!panel.isVisible()) {
                // Show the first task's steps and log until the person picks another.
                taskList.stream().findFirst().ifPresent(this::showTask);
            } else {
                taskList.stream().filter(task -> panel.showing(task.roleName(), task.taskIndex())).findFirst()
                        .ifPresent(task -> panel.update(jobAttempt, task.retries()));
                logs.ifPresent(LogPanel::poll);
            }
        });
        // A job ends a moment after its tasks' attempts; steps and logs read since then are final.
        boolean outputFinal = steps.isEmpty() || onRequest && steps.get().settled()
                && logs.map(LogPanel::settled).orElse(true);
        getUI().ifPresent(ui -> ui.setPollInterval(job.getState().isFinal() && outputFinal ? -1 : POLL_MILLIS));
        return true;
    }

    /** While a job waits, the scheduler's reasons (which resource does not fit, queue position). */
    private void showWhyWaiting(Job job, List<TaskStatus> taskList) {
        List<String> reasons = taskList.stream().filter(task -> task.state() == JobState.WAITING)
                .flatMap(task -> task.waitingReason().map(r -> task.roleName() + "-" + task.taskIndex() + ": " + r)
                        .stream())
                .limit(10).toList();
        if (job.getState() == JobState.WAITING && !reasons.isEmpty()) {
            summary.wideRow("Waiting because", JobSummaryPanel.text(String.join("\n", reasons)));
        }
    }

    private boolean canModify() {
        return viewer.equals(owner) || admin;
    }

    private Optional<String> terminalRoute(TaskStatus task) {
        return support.terminalLinks().flatMap(links -> links.terminalRoute(viewer, owner, name, task.roleName(),
                task.taskIndex()));
    }

    private List<TaskTerminalLinks.PortLink> portLinks(TaskStatus task) {
        if (task.state() != JobState.RUNNING) {
            return List.of();
        }
        List<Integer> declared = task.ports().values().stream().flatMap(List::stream).toList();
        return support.terminalLinks().map(links -> links.portLinks(viewer, owner, name, task.roleName(),
                task.taskIndex(), declared)).orElse(List.of());
    }

    private void showLogs(TaskStatus task) {
        steps.ifPresentOrElse(panel -> {
            showTask(task);
            stepsTab.ifPresent(tabs::setSelectedTab);
        }, () -> Notifications.error("This Gantry keeps no task logs"));
    }

    /** The task's newest attempt in the steps and logs tab; the log panel follows the step panel's attempt. */
    private void showTask(TaskStatus task) {
        steps.ifPresent(panel -> panel.show(owner, name, task.roleName(), task.taskIndex(), jobAttempt,
                task.retries()));
    }

    private void showConfig() {
        config.setText(support.jobs().config(owner, name));
    }

    private void stop() {
        support.jobs().setExecutionType(owner, name, Job.ExecutionType.STOP);
        Notifications.success("Stopping " + owner + "~" + name);
        reload();
    }

    private void resubmit() {
        String newName = Resubmission.newName(name, support.clock().instant());
        String text = Resubmission.withName(support.jobs().config(owner, name), newName);
        support.jobs().submit(viewer, text);
        Notifications.success("Submitted " + viewer + "~" + newName);
        UI.getCurrent().navigate(JobDetailView.class, parameters(viewer, newName));
    }

    private void changeTag(String tag, boolean added) {
        if (added) {
            support.jobs().addTag(owner, name, tag);
        } else {
            support.jobs().removeTag(owner, name, tag);
        }
        reload();
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
        UI ui = event.getUI();
        ui.addPollListener(e -> reload());
        CoalescedUpdates updates = new CoalescedUpdates(ui, support.broadcaster().scheduler(), REFRESH_DELAY,
                ids -> reload(false));
        liveUpdates = support.broadcaster().register(change -> {
            if (change.jobId() == jobId) {
                updates.add(change.jobId());
            }
        });
        ui.getPage().retrieveExtendedClientDetails(details -> fitWidth(details.getWindowInnerWidth()));
        resizes = ui.getPage().addBrowserWindowResizeListener(e -> fitWidth(e.getWidth()));
        reload();
    }

    private void fitWidth(int pixels) {
        summary.fitWidth(pixels);
        tasks.fitWidth(pixels);
    }

    @Override
    protected void onDetach(DetachEvent event) {
        event.getUI().setPollInterval(-1);
        if (resizes != null) {
            resizes.remove();
            resizes = null;
        }
        if (liveUpdates != null) {
            liveUpdates.remove();
            liveUpdates = null;
        }
    }
}
