package org.gantry.course.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Course;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseException;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.course.Unit;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;

/**
 * The instructor's course editor: the course's fields, its units in order (each a
 * {@link UnitEditor}: publish now or later, notes, assignments and their results), and a
 * unit to add. Students of the course, and outsiders, get not found.
 */
@Route("courses/:id/edit")
@PageTitle("Course editor · Gantry")
@RolesAllowed({"INSTRUCTOR", "ADMIN"})
class CourseEditorView extends VerticalLayout implements BeforeEnterObserver {

    final H2 heading = new H2();
    final TextField title = new TextField("Title");
    final TextField term = new TextField("Term");
    final TextArea description = new TextArea("Description (Markdown)");
    final Button save = new Button("Save", VaadinIcon.CHECK.create());
    final TextField unitTitle = new TextField();
    final Button addUnit = new Button("Add unit", VaadinIcon.PLUS.create());
    final VerticalLayout units = new VerticalLayout();
    private final CourseService courses;
    private final CourseUnits courseUnits;
    private final CourseMaterials materials;
    private final CourseAssignments assignments;
    private final List<String> clusters;
    private Course course;

    CourseEditorView(CourseService courses, CourseUnits courseUnits, CourseMaterials materials,
                     CourseAssignments assignments, GroupService groups) {
        this.courses = courses;
        this.courseUnits = courseUnits;
        this.materials = materials;
        this.assignments = assignments;
        this.clusters = groups.virtualClusters().stream().map(VirtualCluster::getName).toList();
        setId("course-editor");
        heading.getStyle().set("margin", "0");
        title.setMaxLength(Course.TITLE_MAX);
        title.setId("course-title");
        term.setMaxLength(Course.TERM_MAX);
        description.setWidthFull();
        description.setMaxWidth("60em");
        save.setId("save-course");
        save.addClickListener(e -> save());
        unitTitle.setPlaceholder("Week 1: getting started");
        unitTitle.setMaxLength(Unit.TITLE_MAX);
        unitTitle.setId("new-unit-title");
        addUnit.setId("add-unit");
        addUnit.addClickListener(e -> addUnit());
        units.setPadding(false);
        units.setId("editor-units");
        Button asStudent = new Button("View as a student sees it", VaadinIcon.EYE.create(),
                e -> UI.getCurrent().navigate(CourseView.class, CourseView.parameters(course.id())));
        asStudent.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        HorizontalLayout fields = new HorizontalLayout(title, term, save);
        fields.setAlignItems(FlexComponent.Alignment.BASELINE);
        fields.getStyle().set("flex-wrap", "wrap");
        HorizontalLayout newUnit = new HorizontalLayout(unitTitle, addUnit);
        newUnit.getStyle().set("flex-wrap", "wrap");
        add(heading, asStudent, fields, description, units, newUnit);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        String id = event.getRouteParameters().get("id").orElse("");
        try {
            course = courses.get(Long.parseLong(id));
        } catch (NumberFormatException | CourseException e) {
            course = null;
        }
        if (course == null || !course.instructor()) {
            event.rerouteToError(NotFoundException.class, "No course " + id + " that you teach.");
            return;
        }
        title.setValue(course.title());
        term.setValue(course.term());
        description.setValue(course.description());
        show();
    }

    void show() {
        heading.setText(course.label());
        units.removeAll();
        List<Unit> all = courseUnits.units(course.id());
        if (all.isEmpty()) {
            units.add(new com.vaadin.flow.component.html.Span("No units yet: name the first one below and add it."
                    + " A unit stays a draft, seen by the course's instructors only, until you publish it."));
        }
        for (Unit unit : all) {
            units.add(new UnitEditor(course, unit, courseUnits, materials, assignments, clusters, this::show));
        }
    }

    void save() {
        try {
            course = courses.update(course.id(), new CourseDraft(Optional.empty(), Optional.of(title.getValue()),
                    Optional.of(term.getValue()), Optional.of(description.getValue()), Optional.empty(),
                    Optional.empty(), Optional.empty()));
            Notifications.success("Saved " + course.label());
            heading.setText(course.label());
        } catch (CourseException refused) {
            Notifications.error(refused.getMessage());
        }
    }

    void addUnit() {
        try {
            courseUnits.add(course.id(), unitTitle.getValue(), "");
            unitTitle.clear();
            show();
        } catch (CourseException refused) {
            Notifications.error(refused.getMessage());
        }
    }
}
