package org.gantry.job.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.data.renderer.LitRenderer;
import com.vaadin.flow.router.RouteConfiguration;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.gantry.job.JobSort;
import org.gantry.job.JobListItem;
import org.gantry.job.JobState;

/**
 * The job list's grid: one row per {@link JobListItem}, a star toggle first. Sorting is by
 * column key, which {@link JobSort#parse} understands; rows are identified by job id so
 * that a refreshed row replaces the old one in place.
 */
class JobGrid extends Grid<JobListItem> {

    /** Below this window width only the star, name and state columns are shown. */
    static final int NARROW_PIXELS = 720;
    private static final String NAME_WIDTH = "9em";
    private static final String STARRED_COLOUR = "#f5b700";
    private static final String UNSTARRED_COLOUR = "var(--lumo-secondary-text-color)";
    private static final String STATE_WIDTH = "8em";
    private static final List<String> WIDE_ONLY = List.of("user", "virtualCluster", "submitted", "duration",
            "retries", "reason", "tags");

    /** Why the failed jobs on screen failed, by job id; filled as pages are fetched ({@link JobDataProvider}). */
    private final Map<Long, String> reasons = new ConcurrentHashMap<>();

    JobGrid(Clock clock, Consumer<JobListItem> onStarClicked) {
        super(JobListItem.class, false);
        addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
        addColumn(starButton(onStarClicked)).setHeader(VaadinIcon.STAR_O.create())
                .setKey("star").setWidth("3.5em").setFlexGrow(0).setTextAlign(ColumnTextAlign.CENTER);
        // Fixed widths that grow with the window: auto width measures the first page of rows, before a
        // sort arrow joins the header, and lets one long name push the columns out of the window.
        addColumn(nameLink()).setHeader("Name").setKey("name").setSortable(true)
                .setSortProperty("name").setWidth(NAME_WIDTH).setFlexGrow(3);
        addColumn(JobListItem::owner).setHeader("User").setKey("user").setSortable(true).setSortProperty("user")
                .setWidth("8em").setFlexGrow(1);
        addColumn(JobListItem::virtualCluster).setHeader("Virtual cluster").setKey("virtualCluster")
                .setSortable(true).setSortProperty("virtualCluster").setAutoWidth(true);
        addColumn(stateBadge()).setHeader("State").setKey("state")
                .setSortable(true).setSortProperty("state").setWidth(STATE_WIDTH).setFlexGrow(0);
        // beside the state, so that a wide window shows why a job failed before the columns that scroll
        addColumn(reason()).setHeader("Reason").setKey("reason").setWidth("12em").setFlexGrow(2);
        addColumn(job -> Formats.dateTime(job.submittedAt())).setHeader("Submitted").setKey("submitted")
                .setSortable(true).setSortProperty("submitted").setWidth("12.5em").setFlexGrow(0);
        addColumn(job -> job.duration(clock.instant()).map(Formats::duration).orElse("—")).setHeader("Duration")
                .setKey("duration").setWidth("6.5em")
                .setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        addColumn(JobListItem::retries).setHeader("Retries").setKey("retries").setSortable(true)
                .setSortProperty("retries").setWidth("6.5em").setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        addColumn(tags()).setHeader("Tags").setKey("tags").setAutoWidth(true).setFlexGrow(1);
        setMultiSort(false);
    }

    /** Notes why these jobs failed, before their rows are rendered. */
    void reasons(Map<Long, String> found) {
        reasons.putAll(found);
    }

    /*
     * The name, state, reason and tag columns are Lit templates filled from a few properties per row, not a
     * server-side component per cell: a session showing 50 rows then keeps far fewer state nodes (Lit binds
     * text and attribute values as text, so names and tags cannot inject markup). The star's click calls the
     * server through the renderer's function.
     */

    private LitRenderer<JobListItem> stateBadge() {
        return LitRenderer.<JobListItem>of("""
                <span theme="badge ${item.variant}" data-state="${item.state}" title="${item.reason}" \
                style="${item.badgeStyle}">${item.label}</span>""")
                .withProperty("variant", job -> JobStateBadge.variant(job.state()))
                .withProperty("state", job -> job.state().name())
                .withProperty("label", job -> JobStateBadge.label(job.state()))
                .withProperty("badgeStyle", job -> Badge.style(JobStateBadge.variant(job.state())))
                // narrow, the reason column is hidden: the failed state says why when touched or hovered
                .withProperty("reason", this::reasonOf);
    }

    private LitRenderer<JobListItem> reason() {
        return LitRenderer.<JobListItem>of("""
                <span class="job-reason" title="${item.reason}" style="overflow: hidden; text-overflow: ellipsis; \
                white-space: nowrap; display: block; color: var(--lumo-secondary-text-color)">${item.reason}</span>""")
                .withProperty("reason", this::reasonOf);
    }

    private String reasonOf(JobListItem job) {
        return job.state() == JobState.FAILED ? reasons.getOrDefault(job.id(), "") : "";
    }

    /** Shows the columns that fit a window {@code pixels} wide, so that a phone never scrolls sideways. */
    void fitWidth(int pixels) {
        boolean wide = pixels >= NARROW_PIXELS;
        WIDE_ONLY.forEach(key -> getColumnByKey(key).setVisible(wide));
        // Narrow, the name takes what the star and state leave; long names end in "…".
        getColumnByKey("name").setWidth(wide ? NAME_WIDTH : "6em");
        getColumnByKey("state").setWidth(wide ? STATE_WIDTH : "7.5em");
    }

    /** A tertiary icon button that stars or unstars the row's job (the click runs on the server). */
    private static LitRenderer<JobListItem> starButton(Consumer<JobListItem> onStarClicked) {
        return LitRenderer.<JobListItem>of("""
                <vaadin-button id="star-${item.id}" theme="tertiary-inline icon" aria-label="${item.label}" \
                title="${item.title}" data-starred="${item.starred}" @click="${toggle}"><vaadin-icon \
                icon="${item.icon}" style="color: ${item.color}"></vaadin-icon></vaadin-button>""")
                .withProperty("id", JobListItem::frameworkName)
                .withProperty("label", job -> (job.starred() ? "Unstar " : "Star ") + job.frameworkName())
                .withProperty("title", job -> job.starred() ? "Unstar" : "Star")
                .withProperty("starred", job -> String.valueOf(job.starred()))
                .withProperty("icon", job -> job.starred() ? "vaadin:star" : "vaadin:star-o")
                .withProperty("color", job -> job.starred() ? STARRED_COLOUR : UNSTARRED_COLOUR)
                .withFunction("toggle", onStarClicked::accept);
    }

    /** A filled gold star for starred, an outline for not. */
    static Icon starIcon(boolean starred) {
        Icon icon = starred ? VaadinIcon.STAR.create() : VaadinIcon.STAR_O.create();
        icon.setColor(starred ? STARRED_COLOUR : UNSTARRED_COLOUR);
        return icon;
    }

    /** A link the client-side router follows, as {@code RouterLink} renders it. */
    private static LitRenderer<JobListItem> nameLink() {
        return LitRenderer.<JobListItem>of("""
                <a id="job-${item.id}" href="${item.href}" router-link>${item.name}</a>""")
                .withProperty("id", JobListItem::frameworkName)
                .withProperty("name", JobListItem::name)
                .withProperty("href", job -> RouteConfiguration.forApplicationScope().getUrl(JobDetailView.class,
                        JobDetailView.parameters(job.owner(), job.name())));
    }

    private static LitRenderer<JobListItem> tags() {
        return LitRenderer.<JobListItem>of("""
                <div style="display: flex; flex-wrap: wrap; gap: var(--lumo-space-xs)">${item.tags.map(tag => html`\
                <span theme="badge" style="font-size: var(--lumo-font-size-xs); padding: 0.15em 0.5em; \
                border-radius: var(--lumo-border-radius-s); background-color: var(--lumo-contrast-10pct)">${tag}</span>`)}\
                </div>""")
                .withProperty("tags", JobListItem::tags);
    }
}
