package org.gantry.course.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.IFrame;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import com.vaadin.flow.server.StreamResource;
import jakarta.annotation.security.PermitAll;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import org.gantry.course.Assignment;
import org.gantry.course.Course;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseException;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.course.Material;
import org.gantry.course.Unit;
import org.gantry.marketplace.Markdown;

/**
 * A course as its students see it: the published units in order, units new since the last
 * visit marked, notes opened in the page (PDF in the browser's own viewer, Markdown rendered,
 * slides downloaded), and each assignment's due date, Start and the student's own jobs.
 * Instructors see drafts too, and per note how many of the audience opened it.
 */
@Route("courses/:id")
@PermitAll
class CourseView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm");

    final H2 title = new H2();
    final Div description = new Div();
    final VerticalLayout units = new VerticalLayout();
    final Div viewer = new Div();
    private final CourseService courses;
    private final CourseUnits courseUnits;
    private final CourseMaterials materials;
    private final CourseAssignments assignments;
    private Course course;
    private int audienceSize;

    CourseView(CourseService courses, CourseUnits courseUnits, CourseMaterials materials,
               CourseAssignments assignments) {
        this.courses = courses;
        this.courseUnits = courseUnits;
        this.materials = materials;
        this.assignments = assignments;
        setId("course-view");
        title.getStyle().set("margin", "0");
        description.getStyle().set("max-width", "60em").set("overflow-wrap", "anywhere");
        units.setPadding(false);
        units.setId("course-units");
        viewer.setId("note-viewer");
        viewer.setWidthFull();
        add(title, description, units, viewer);
    }

    static RouteParameters parameters(long id) {
        return new RouteParameters("id", Long.toString(id));
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        String id = event.getRouteParameters().get("id").orElse("");
        try {
            course = courses.get(Long.parseLong(id));
        } catch (NumberFormatException | CourseException e) {
            event.rerouteToError(NotFoundException.class, "No course " + id + " that you may see.");
            return;
        }
        show(course.newUnits());
        courses.markVisited(course.id());
    }

    @Override
    public String getPageTitle() {
        return (course == null ? "Course" : course.code() + " " + course.title()) + " · Gantry";
    }

    private void show(int newUnits) {
        title.setText(course.label());
        description.removeAll();
        description.add(new Html("<div>" + Markdown.toSafeHtml(course.description()) + "</div>"));
        units.removeAll();
        List<Unit> all = courseUnits.units(course.id());
        audienceSize = course.instructor() ? courses.students(course.id()).size() : 0;
        if (all.isEmpty()) {
            units.add(new Span(course.instructor() ? "No units yet: add one in the course editor."
                    : "Nothing published yet: your instructor's units appear here once published."));
        }
        // the newest published units are the new ones
        List<Long> fresh = all.stream().filter(Unit::published).sorted((a, b) -> b.publishAt().orElseThrow()
                .compareTo(a.publishAt().orElseThrow())).limit(newUnits).map(Unit::id).toList();
        for (Unit unit : all) {
            units.add(unit(unit, fresh.contains(unit.id())));
        }
    }

    private VerticalLayout unit(Unit unit, boolean isNew) {
        H3 heading = new H3(unit.position() + ". " + unit.title());
        heading.getStyle().set("margin", "0");
        HorizontalLayout head = new HorizontalLayout(heading);
        head.setAlignItems(FlexComponent.Alignment.CENTER);
        if (isNew) {
            head.add(Badges.of("New", "success"));
        }
        if (!unit.published()) {
            head.add(Badges.of(unit.publishAt().map(t -> "Scheduled for " + WHEN.format(t.atZone(
                    ZoneId.systemDefault()))).orElse("Draft"), "contrast"));
        }
        VerticalLayout box = new VerticalLayout(head);
        box.setPadding(false);
        box.getElement().setAttribute("data-unit", Long.toString(unit.id()));
        box.getStyle().set("border-top", "1px solid var(--lumo-contrast-10pct)").set("padding-top", "var(--lumo-space-s)");
        if (!unit.description().isBlank()) {
            box.add(new Html("<div>" + Markdown.toSafeHtml(unit.description()) + "</div>"));
        }
        for (Material note : unit.materials()) {
            box.add(note(unit, note));
        }
        for (Unit.Link link : unit.links()) {
            box.add(new Anchor("marketplace/item/" + link.item(), link.displayName() + " (" + link.type() + ")"));
        }
        for (Assignment a : unit.assignments()) {
            box.add(assignment(a));
        }
        return box;
    }

    private HorizontalLayout note(Unit unit, Material note) {
        HorizontalLayout row = new HorizontalLayout();
        row.setAlignItems(FlexComponent.Alignment.BASELINE);
        row.getStyle().set("flex-wrap", "wrap");
        row.addClassName("course-note");
        if (note.isPdf() || note.isMarkdown()) {
            Button open = new Button(note.name(), VaadinIcon.FILE_TEXT_O.create(), e -> open(unit, note));
            open.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
            open.getElement().setAttribute("data-note", note.name());
            row.add(open);
        }
        boolean preview = note.isSlides() && materials.previewsAvailable();
        if (preview) {
            Button open = new Button(note.name(), VaadinIcon.FILE_PRESENTATION.create(), e -> preview(unit, note));
            open.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
            open.getElement().setAttribute("data-note", note.name());
            row.add(open);
        }
        Anchor download = new Anchor(resource(unit, note), note.isPdf() || note.isMarkdown() || preview ? "Download"
                : note.name());
        download.getElement().setAttribute("download", true);
        row.add(download);
        if (note.version() > 1) {
            row.add(new Span("version " + note.version()));
        }
        if (note.openedBy() >= 0) {
            Span opened = new Span("opened by " + note.openedBy() + " of " + audienceSize);
            opened.addClassName("opened-count");
            opened.getStyle().set("color", "var(--lumo-secondary-text-color)");
            row.add(opened);
        }
        return row;
    }

    /** Shows a note under the units: a PDF in the browser's viewer, Markdown rendered and sanitized. */
    void open(Unit unit, Material note) {
        viewer.removeAll();
        viewer.add(new H3(note.name()));
        if (note.isPdf()) {
            IFrame pdf = new IFrame();
            pdf.setId("pdf-viewer");
            pdf.getElement().setAttribute("src", resource(unit, note));
            pdf.getElement().setAttribute("title", note.name());
            pdf.setWidthFull();
            pdf.setHeight("70vh");
            pdf.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)");
            viewer.add(pdf);
        } else {
            try (InputStream in = materials.open(course.id(), unit.id(), note.name(), Optional.empty()).in()) {
                String text = new String(in.readNBytes(2 * 1024 * 1024), StandardCharsets.UTF_8);
                Div rendered = new Div(new Html("<div>" + Markdown.toSafeHtml(text) + "</div>"));
                rendered.setId("markdown-note");
                viewer.add(rendered);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        viewer.scrollIntoView();
    }

    /** Shows slides as a PDF the server made (on first use, which takes a while), or says why it cannot. */
    void preview(Unit unit, Material note) {
        viewer.removeAll();
        viewer.add(new H3(note.name()));
        try {
            materials.preview(course.id(), unit.id(), note.name()).in().close();
        } catch (CourseException refused) {
            Span why = new Span(refused.getMessage());
            why.setId("preview-error");
            viewer.add(why);
            return;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StreamResource pdf = new StreamResource(note.name() + ".pdf", () -> materials.preview(course.id(), unit.id(),
                note.name()).in());
        pdf.setContentType("application/pdf");
        IFrame frame = new IFrame();
        frame.setId("pdf-viewer");
        frame.getElement().setAttribute("src", pdf);
        frame.getElement().setAttribute("title", note.name() + " as PDF");
        frame.setWidthFull();
        frame.setHeight("70vh");
        frame.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)");
        viewer.add(frame);
        viewer.scrollIntoView();
    }

    private VerticalLayout assignment(Assignment a) {
        Span name = new Span(a.title());
        name.getStyle().set("font-weight", "600");
        Span due = new Span(a.dueAt().map(t -> "due " + WHEN.format(t.atZone(ZoneId.systemDefault())))
                .orElse("no due date"));
        due.addClassName("assignment-due");
        Button start = new Button("Start", VaadinIcon.PLAY.create(), e -> UI.getCurrent().navigate("jobs/new",
                QueryParameters.of("assignment", Long.toString(a.id()))));
        start.getElement().setAttribute("data-assignment", Long.toString(a.id()));
        start.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SMALL);
        HorizontalLayout head = new HorizontalLayout(VaadinIcon.CODE.create(), name, due, start);
        head.setAlignItems(FlexComponent.Alignment.CENTER);
        head.getStyle().set("flex-wrap", "wrap");
        VerticalLayout box = new VerticalLayout(head);
        box.setPadding(false);
        box.setSpacing(false);
        box.addClassName("course-assignment");
        if (!course.instructor()) {
            List<CourseAssignments.Result> mine = assignments.results(course.id(), a.id());
            Span none = new Span(mine.isEmpty() ? "Not started yet." : "");
            box.add(none);
            for (CourseAssignments.Result r : mine) {
                Anchor job = new Anchor("job-detail/" + r.job().orElse(""), r.job().orElse(""));
                Span state = Badges.of(r.state(), "SUCCEEDED".equals(r.state()) ? "success"
                        : "FAILED".equals(r.state()) ? "error" : "contrast");
                state.addClassName("my-job-state");
                HorizontalLayout row = new HorizontalLayout(job, state);
                row.setAlignItems(FlexComponent.Alignment.BASELINE);
                box.add(row);
            }
        }
        return box;
    }

    private StreamResource resource(Unit unit, Material note) {
        StreamResource resource = new StreamResource(note.name(), () -> materials.open(course.id(), unit.id(),
                note.name(), Optional.empty()).in());
        resource.setContentType(note.contentType());
        return resource;
    }
}
