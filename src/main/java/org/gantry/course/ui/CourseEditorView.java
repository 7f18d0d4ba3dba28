package org.gantry.course.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
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
import java.util.Set;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Course;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseCopies;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseException;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.course.Unit;
import org.gantry.marketplace.MarketSearch;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
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
    final MultiSelectComboBox<String> audience = new MultiSelectComboBox<>("Audience groups");
    final MultiSelectComboBox<String> instructors = new MultiSelectComboBox<>("Instructors");
    final Button save = new Button("Save", VaadinIcon.CHECK.create());
    final TextField newTerm = new TextField("New term");
    final Button copy = new Button("Copy to the new term", VaadinIcon.COPY_O.create());
    final TextField unitTitle = new TextField();
    final Button addUnit = new Button("Add unit", VaadinIcon.PLUS.create());
    final VerticalLayout units = new VerticalLayout();
    private final CourseService courses;
    private final CourseUnits courseUnits;
    private final CourseMaterials materials;
    private final CourseAssignments assignments;
    private final CourseCopies copies;
    private final MarketSearch market;
    private final List<String> clusters;
    private Course course;
    private int audienceSize;

    CourseEditorView(CourseService courses, CourseUnits courseUnits, CourseMaterials materials,
                     CourseAssignments assignments, CourseCopies copies, MarketSearch market, GroupService groups) {
        this.courses = courses;
        this.copies = copies;
        this.market = market;
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
        audience.setItems(groups.groups().stream().map(UserGroup::getName).toList());
        audience.setId("course-groups");
        instructors.setItems(courses.instructorCandidates());
        instructors.setId("course-instructors");
        instructors.setHelperText("Users with the instructor role; they change the course as you do.");
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
        newTerm.setMaxLength(Course.TERM_MAX);
        newTerm.setPlaceholder("e.g. 2027 spring");
        newTerm.setId("copy-term");
        copy.setId("copy-course");
        copy.addClickListener(e -> copyToTerm());
        HorizontalLayout copying = new HorizontalLayout(newTerm, copy);
        copying.setAlignItems(FlexComponent.Alignment.BASELINE);
        copying.getStyle().set("flex-wrap", "wrap");
        Details copyDetails = new Details("Copy to a new term", new VerticalLayout(new Span("A new course with the"
                + " same code, audience and instructors; every unit comes as a draft with its notes, links and"
                + " assignments (without due dates), to publish on the new term's dates."), copying));
        HorizontalLayout fields = new HorizontalLayout(title, term, audience, instructors, save);
        fields.setAlignItems(FlexComponent.Alignment.BASELINE);
        fields.getStyle().set("flex-wrap", "wrap");
        HorizontalLayout newUnit = new HorizontalLayout(unitTitle, addUnit);
        newUnit.getStyle().set("flex-wrap", "wrap");
        add(heading, asStudent, fields, description, copyDetails, units, newUnit);
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
        audience.setValue(Set.copyOf(course.groups()));
        instructors.setValue(Set.copyOf(course.instructors()));
        show();
    }

    void show() {
        heading.setText(course.label());
        units.removeAll();
        List<Unit> all = courseUnits.units(course.id());
        audienceSize = courses.students(course.id()).size();
        if (all.isEmpty()) {
            units.add(new Span("No units yet: name the first one below and add it."
                    + " A unit stays a draft, seen by the course's instructors only, until you publish it."));
        }
        for (Unit unit : all) {
            units.add(new UnitEditor(course, unit, audienceSize, courseUnits, materials, assignments, market,
                    clusters, this::show));
        }
    }

    void save() {
        try {
            course = courses.update(course.id(), new CourseDraft(Optional.empty(), Optional.of(title.getValue()),
                    Optional.of(term.getValue()), Optional.of(description.getValue()),
                    Optional.of(List.copyOf(audience.getValue())), Optional.of(List.copyOf(instructors.getValue())),
                    Optional.empty()));
            Notifications.success("Saved " + course.label());
            show();
        } catch (CourseException refused) {
            Notifications.error(refused.getMessage());
        }
    }

    void copyToTerm() {
        try {
            Course copied = copies.copy(course.id(), newTerm.getValue());
            Notifications.success("Copied to " + copied.label() + ": its units are drafts until you publish them");
            UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(copied.id()));
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
