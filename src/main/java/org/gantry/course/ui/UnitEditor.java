package org.gantry.course.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.FileBuffer;
import com.vaadin.flow.server.StreamResource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Assignment;
import org.gantry.course.AssignmentDraft;
import org.gantry.course.Course;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseException;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseUnits;
import org.gantry.course.Material;
import org.gantry.course.Unit;
import org.gantry.marketplace.MarketSearch;

/** One unit in the course editor: its state and publishing, notes and upload, assignments and their results. */
class UnitEditor extends VerticalLayout {

    static final String SAMPLE = """
            protocolVersion: 2
            name: assignment
            type: job
            taskRoles:
              main:
                instances: 1
                commands:
                  - echo hello
            """;

    final Button publish = new Button("Publish now", VaadinIcon.GLOBE.create());
    final DateTimePicker publishAt = new DateTimePicker();
    final Upload upload;
    final TextField assignmentTitle = new TextField("Assignment");
    final TextArea yaml = new TextArea("Job YAML");
    final DateTimePicker due = new DateTimePicker("Due");
    final ComboBox<String> cluster = new ComboBox<>("Virtual cluster");
    final Button addAssignment = new Button("Add assignment", VaadinIcon.PLUS.create());
    private final Course course;
    private final Unit unit;
    private final CourseUnits units;
    private final CourseMaterials materials;
    private final CourseAssignments assignments;
    private final Runnable changed;

    final UnitLinks links;
    final NoteSharing sharing;

    UnitEditor(Course course, Unit unit, int audienceSize, CourseUnits units, CourseMaterials materials,
               CourseAssignments assignments, MarketSearch market, List<String> clusters, Runnable changed) {
        this.course = course;
        this.unit = unit;
        this.units = units;
        this.materials = materials;
        this.assignments = assignments;
        this.changed = changed;
        setPadding(false);
        getElement().setAttribute("data-unit", Long.toString(unit.id()));
        getStyle().set("border-top", "1px solid var(--lumo-contrast-10pct)").set("padding-top", "var(--lumo-space-s)");
        H3 heading = new H3(unit.position() + ". " + unit.title());
        heading.getStyle().set("margin", "0");
        Span state = Badges.of(unit.published() ? "Published" : unit.publishAt().map(t -> "Scheduled for "
                + CourseView.WHEN.format(t.atZone(ZoneId.systemDefault()))).orElse("Draft"),
                unit.published() ? "success" : "contrast");
        state.addClassName("unit-state");
        publish.addClickListener(e -> run(() -> units.publish(course.id(), unit.id(), Optional.empty())));
        publishAt.setStep(java.time.Duration.ofMinutes(15));
        publishAt.setDatePlaceholder("Publish on");
        Button schedule = new Button("Schedule", VaadinIcon.CLOCK.create(), e -> run(() -> units.publish(course.id(),
                unit.id(), Optional.ofNullable(publishAt.getValue()).map(t -> t.atZone(ZoneId.systemDefault())
                        .toInstant()).or(() -> {
                            throw new CourseException(CourseException.Kind.INVALID, "Pick the date and time to publish.");
                        }))));
        Button draft = new Button("Back to draft", e -> run(() -> units.unpublish(course.id(), unit.id())));
        publish.setVisible(!unit.published());
        publishAt.setVisible(!unit.published());
        schedule.setVisible(!unit.published());
        draft.setVisible(unit.publishAt().isPresent());
        HorizontalLayout head = new HorizontalLayout(heading, state, publish, publishAt, schedule, draft);
        head.setAlignItems(FlexComponent.Alignment.BASELINE);
        head.getStyle().set("flex-wrap", "wrap");
        add(head);

        for (Material note : unit.materials()) {
            Span row = new Span(note.name() + " · version " + note.version() + " · opened by " + note.openedBy()
                    + " of " + audienceSize + (audienceSize == 1 ? " student" : " students"));
            row.addClassName("editor-note");
            add(row);
        }
        FileBuffer buffer = new FileBuffer();
        upload = new Upload(buffer);
        upload.setAcceptedFileTypes(".pdf", ".ppt", ".pptx", ".odp", ".md");
        upload.setMaxFileSize((int) Math.min(Integer.MAX_VALUE, materials.maxBytes()));
        upload.addSucceededListener(e -> {
            try (InputStream in = buffer.getInputStream()) {
                materials.upload(course.id(), unit.id(), e.getFileName(), in);
                Notifications.success("Uploaded " + e.getFileName());
                changed.run();
            } catch (CourseException refused) {
                Notifications.error(refused.getMessage());
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        });
        upload.addFileRejectedListener(e -> Notifications.error(e.getErrorMessage()));
        upload.setDropLabel(new Span("Lecture notes: PDF, PPT, PPTX, ODP or Markdown"));
        add(upload);
        sharing = new NoteSharing(course, unit, materials);
        sharing.setVisible(!unit.materials().isEmpty());
        add(sharing);
        links = new UnitLinks(course, unit, units, market, this::run);
        add(links);

        for (Assignment a : unit.assignments()) {
            add(results(a));
        }
        assignmentTitle.setMaxLength(Assignment.TITLE_MAX);
        yaml.setValue(SAMPLE);
        yaml.setWidthFull();
        yaml.setMaxWidth("40em");
        cluster.setItems(clusters);
        cluster.setValue(clusters.contains("default") ? "default" : clusters.isEmpty() ? null : clusters.get(0));
        addAssignment.addClickListener(e -> run(() -> assignments.create(course.id(), unit.id(), AssignmentDraft.ofYaml(
                assignmentTitle.getValue(), yaml.getValue(), Optional.ofNullable(due.getValue()).map(t -> t.atZone(
                        ZoneId.systemDefault()).toInstant()).orElse(null), Optional.ofNullable(cluster.getValue())
                        .orElse("default")))));
        HorizontalLayout fields = new HorizontalLayout(assignmentTitle, due, cluster, addAssignment);
        fields.setAlignItems(FlexComponent.Alignment.BASELINE);
        fields.getStyle().set("flex-wrap", "wrap");
        Details add = new Details("Add an assignment", new VerticalLayout(fields, yaml));
        add(add);
    }

    private VerticalLayout results(Assignment a) {
        List<CourseAssignments.Result> rows = assignments.results(course.id(), a.id());
        Grid<CourseAssignments.Result> grid = new Grid<>();
        grid.addColumn(CourseAssignments.Result::student).setHeader("Student").setAutoWidth(true);
        grid.addColumn(CourseAssignments.Result::state).setHeader("State").setAutoWidth(true);
        grid.addColumn(r -> r.exitCode().map(String::valueOf).orElse("")).setHeader("Exit").setAutoWidth(true);
        grid.addColumn(r -> r.runtime().map(d -> d.toSeconds() + " s").orElse("")).setHeader("Runtime")
                .setAutoWidth(true);
        grid.addComponentColumn(r -> r.job().map(j -> (com.vaadin.flow.component.Component) new Anchor(
                "job-detail/" + j, j)).orElse(new Span())).setHeader("Latest job").setAutoWidth(true);
        grid.setItems(rows);
        grid.setAllRowsVisible(true);
        grid.addClassName("assignment-results");
        Anchor csv = new Anchor(new StreamResource("assignment-" + a.id() + "-jobs.csv", () -> new ByteArrayInputStream(
                CourseAssignments.csv(assignments.results(course.id(), a.id())).getBytes(StandardCharsets.UTF_8))),
                "Download CSV");
        csv.getElement().setAttribute("download", true);
        Span title = new Span(a.title() + a.dueAt().map(t -> " · due " + CourseView.WHEN.format(t.atZone(
                ZoneId.systemDefault()))).orElse("") + " · " + a.virtualCluster());
        title.getStyle().set("font-weight", "600");
        HorizontalLayout head = new HorizontalLayout(VaadinIcon.CODE.create(), title, csv);
        head.setAlignItems(FlexComponent.Alignment.CENTER);
        head.getStyle().set("flex-wrap", "wrap");
        VerticalLayout box = new VerticalLayout(head, grid);
        box.setPadding(false);
        box.addClassName("editor-assignment");
        return box;
    }

    private void run(java.util.function.Supplier<?> action) {
        try {
            action.get();
            changed.run();
        } catch (CourseException refused) {
            Notifications.error(refused.getMessage());
        }
    }
}
