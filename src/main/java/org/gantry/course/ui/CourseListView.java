package org.gantry.course.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.List;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Course;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseException;
import org.gantry.course.CourseService;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserGroup;

/**
 * My courses: the courses of the caller's groups and those they teach, each with a badge of
 * the units published since their last visit; instructors create courses here.
 */
@Route("courses")
@PageTitle("My courses · Gantry")
@Menu(title = "My courses", order = 4, icon = "vaadin:academy-cap")
@PermitAll
class CourseListView extends VerticalLayout {

    final VerticalLayout list = new VerticalLayout();
    final TextField code = new TextField("Code");
    final TextField title = new TextField("Title");
    final TextField term = new TextField("Term");
    final MultiSelectComboBox<String> groups = new MultiSelectComboBox<>("Audience groups");
    final Button create = new Button("Create course", VaadinIcon.PLUS.create());
    private final CourseService courses;

    CourseListView(CourseService courses, GroupService groupService, CurrentUser currentUser) {
        this.courses = courses;
        setId("course-list");
        list.setPadding(false);
        add(new H2("My courses"), list);
        if (currentUser.hasRole(Role.INSTRUCTOR)) {
            code.setMaxLength(Course.CODE_MAX);
            code.setId("new-course-code");
            title.setMaxLength(Course.TITLE_MAX);
            title.setId("new-course-title");
            term.setMaxLength(Course.TERM_MAX);
            term.setId("new-course-term");
            term.setPlaceholder("e.g. 2026 spring");
            groups.setItems(groupService.groups().stream().map(UserGroup::getName).toList());
            groups.setId("new-course-groups");
            create.setId("create-course");
            create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            create.addClickListener(e -> create());
            HorizontalLayout form = new HorizontalLayout(code, title, term, groups, create);
            form.setAlignItems(FlexComponent.Alignment.BASELINE);
            form.getStyle().set("flex-wrap", "wrap");
            add(form);
        }
        show();
    }

    void show() {
        list.removeAll();
        List<Course> all = courses.list();
        if (all.isEmpty()) {
            Div empty = new Div(new Span("No courses yet. A course appears here once you are in one of its audience"
                    + " groups; ask your instructor which group that is."));
            empty.setId("courses-empty");
            list.add(empty);
        }
        for (Course course : all) {
            list.add(card(course));
        }
    }

    private HorizontalLayout card(Course course) {
        Button open = new Button(course.label(), e -> UI.getCurrent().navigate(CourseView.class,
                CourseView.parameters(course.id())));
        open.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        open.getStyle().set("white-space", "normal").set("text-align", "left").set("height", "auto");
        HorizontalLayout row = new HorizontalLayout(open);
        row.setAlignItems(FlexComponent.Alignment.CENTER);
        row.getElement().setAttribute("data-course", Long.toString(course.id()));
        row.getStyle().set("flex-wrap", "wrap");
        if (course.newUnits() > 0) {
            Span badge = Badges.of(course.newUnits() + " new", "success");
            badge.addClassName("new-units");
            row.add(badge);
        }
        if (course.instructor()) {
            Button edit = new Button("Edit", VaadinIcon.EDIT.create(), e -> UI.getCurrent().navigate(
                    CourseEditorView.class, CourseView.parameters(course.id())));
            edit.addThemeVariants(ButtonVariant.LUMO_SMALL);
            row.add(edit);
        }
        return row;
    }

    void create() {
        try {
            Course course = courses.create(CourseDraft.of(code.getValue(), title.getValue(), term.getValue(),
                    List.copyOf(groups.getValue())));
            Notifications.success("Created " + course.label() + ": add its first unit");
            UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(course.id()));
        } catch (CourseException refused) {
            Notifications.error(refused.getMessage());
        }
    }
}
