package org.gantry.course.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.IFrame;
import com.vaadin.flow.component.html.Span;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.gantry.base.ui.NotFoundView;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.course.Material;
import org.gantry.course.Unit;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.Visibility;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.KaribuSupport;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class CourseViewsIT {

    static final byte[] PDF = "%PDF-1.4\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);

    @Autowired
    ApplicationContext context;
    @Autowired
    UserService users;
    @Autowired
    GroupService groups;
    @Autowired
    CourseService courses;
    @Autowired
    CourseUnits units;
    @Autowired
    CourseMaterials materials;
    @Autowired
    CourseAssignments assignments;
    @Autowired
    MarketplaceService market;

    String teacher;
    String student;
    String outsider;
    String group;

    @BeforeEach
    void people() {
        String id = UUID.randomUUID().toString().substring(0, 8);
        teacher = "tv" + id;
        student = "sv" + id;
        outsider = "ov" + id;
        group = "gv" + id;
        TestSecurity.asAdmin(() -> {
            groups.saveGroup(group, "", List.of("default"));
            users.create(teacher, teacher + "-password", Role.INSTRUCTOR, "", List.of("default"));
            users.create(student, student + "-password", Role.USER, "", List.of("default", group));
            users.create(outsider, outsider + "-password", Role.USER, "", List.of("default"));
        });
    }

    @AfterEach
    void signOut() {
        KaribuSupport.signOut();
    }

    @Test
    void the_editor_adds_a_unit_and_an_assignment_and_publishes_the_unit() {
        KaribuSupport.signIn(context, teacher, Role.INSTRUCTOR);
        long id = courses.create(CourseDraft.of("ED" + group, "Editing", "", List.of(group))).id();
        UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(id));
        CourseEditorView editor = _get(CourseEditorView.class);
        assertThat(editor.units.getElement().getTextRecursively()).contains("No units yet");

        editor.unitTitle.setValue("Week 1");
        _click(editor.addUnit);
        UnitEditor unit = _get(editor.units, UnitEditor.class);
        assertThat(_get(unit, Span.class, s -> s.withClasses("unit-state")).getText()).isEqualTo("Draft");

        unit.assignmentTitle.setValue("Say hello");
        _click(unit.addAssignment);
        unit = _get(editor.units, UnitEditor.class);
        @SuppressWarnings("unchecked")
        Grid<CourseAssignments.Result> results = _get(unit, Grid.class);
        assertThat(results.getGenericDataView().getItems().toList()).singleElement()
                .satisfies(r -> assertThat(r.student()).isEqualTo(student))
                .satisfies(r -> assertThat(r.state()).isEqualTo("NOT STARTED"));

        _click(unit.publish);
        unit = _get(editor.units, UnitEditor.class);
        assertThat(_get(unit, Span.class, s -> s.withClasses("unit-state")).getText()).isEqualTo("Published");
        assertThat(units.units(id)).singleElement().satisfies(u -> assertThat(u.published()).isTrue());
    }

    @Test
    void a_student_sees_the_new_unit_opens_the_pdf_and_starts_the_assignment_and_an_outsider_finds_nothing() {
        long id = TestSecurity.as(teacher, Role.INSTRUCTOR, () -> {
            long course = courses.create(CourseDraft.of("ST" + group, "Studying", "", List.of(group))).id();
            long unit = units.add(course, "Week 1", "Read the *notes*.").id();
            materials.upload(course, unit, "lecture.pdf", new ByteArrayInputStream(PDF));
            assignments.create(course, unit, org.gantry.course.AssignmentDraft.ofYaml("Say hello", UnitEditor.SAMPLE,
                    null, "default"));
            units.publish(course, unit, java.util.Optional.empty());
            return course;
        });

        KaribuSupport.signIn(context, student, Role.USER);
        UI.getCurrent().navigate(CourseListView.class);
        CourseListView list = _get(CourseListView.class);
        assertThat(_get(list.list, Span.class, s -> s.withClasses("new-units")).getText()).isEqualTo("1 new");
        assertThat(list.create.isAttached()).isFalse();

        UI.getCurrent().navigate(CourseView.class, CourseView.parameters(id));
        CourseView view = _get(CourseView.class);
        assertThat(view.units.getElement().getTextRecursively()).contains("Week 1", "New", "Not started yet");
        Button note = _get(view.units, Button.class, s -> s.withText("lecture.pdf"));
        _click(note);
        assertThat(_get(view.viewer, IFrame.class).getId()).hasValue("pdf-viewer");

        _click(_get(view.units, Button.class, s -> s.withText("Start")));
        assertThat(UI.getCurrent().getInternals().getActiveViewLocation().getPath()).isEqualTo("jobs/new");

        UI.getCurrent().navigate(CourseListView.class);
        assertThat(_find(_get(CourseListView.class).list, Span.class, s -> s.withClasses("new-units"))).isEmpty();
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, outsider, Role.USER);
        UI.getCurrent().navigate(CourseListView.class);
        assertThat(_get(CourseListView.class).list.getElement().getTextRecursively()).contains("No courses yet");
        UI.getCurrent().navigate("courses/" + id);
        assertThat(_find(CourseView.class)).isEmpty();
        _get(NotFoundView.class);
    }

    @Test
    void the_editor_changes_co_instructors_and_copies_the_course_to_a_new_term() {
        String colleague = "cv" + group;
        TestSecurity.asAdmin(() -> users.create(colleague, colleague + "-password", Role.INSTRUCTOR, "",
                List.of("default")));
        KaribuSupport.signIn(context, teacher, Role.INSTRUCTOR);
        long id = courses.create(CourseDraft.of("CP" + group, "Copying", "2026 spring", List.of(group))).id();
        units.add(id, "Week 1", "");
        UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(id));
        CourseEditorView editor = _get(CourseEditorView.class);
        assertThat(editor.instructors.getValue()).containsExactly(teacher);

        editor.instructors.setValue(Set.of(teacher, colleague));
        _click(editor.save);
        assertThat(courses.get(id).instructors()).containsExactlyInAnyOrder(teacher, colleague);

        editor.instructors.setValue(Set.of(colleague));
        _click(editor.save);
        assertThat(courses.get(id).instructors()).containsExactlyInAnyOrder(teacher, colleague);

        editor.newTerm.setValue("2027 spring");
        _click(editor.copy);
        CourseEditorView copy = _get(CourseEditorView.class);
        assertThat(copy.heading.getText()).contains("CP" + group, "2027 spring");
        assertThat(copy.instructors.getValue()).containsExactlyInAnyOrder(teacher, colleague);
        UnitEditor unit = _get(copy.units, UnitEditor.class);
        assertThat(_get(unit, Span.class, s -> s.withClasses("unit-state")).getText()).isEqualTo("Draft");
        assertThat(courses.list()).extracting(c -> c.term()).contains("2026 spring", "2027 spring");

        // the same term again is refused with a reason, and the editor stays on the copy
        copy.newTerm.setValue("2027 spring");
        _click(copy.copy);
        assertThat(_get(CourseEditorView.class).heading.getText()).contains("2027 spring");
    }

    @Test
    void the_editor_links_a_marketplace_item_to_a_unit_and_removes_it() {
        KaribuSupport.signIn(context, teacher, Role.INSTRUCTOR);
        MarketItem item = market.create(ItemDraft.of("lk-" + group, "Linked " + group, ItemType.CODE, "", "", "",
                List.of(), Visibility.PRIVATE));
        long id = courses.create(CourseDraft.of("LK" + group, "Linking", "", List.of(group))).id();
        long unitId = units.add(id, "Week 1", "").id();
        UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(id));
        UnitEditor unit = _get(_get(CourseEditorView.class).units, UnitEditor.class);

        _click(unit.links.link);
        assertThat(units.unit(id, unitId).links()).isEmpty();
        unit.links.item.setValue(item);
        _click(unit.links.link);
        assertThat(units.unit(id, unitId).links()).extracting(Unit.Link::item).containsExactly(item.name());
        unit = _get(_get(CourseEditorView.class).units, UnitEditor.class);
        assertThat(unit.links.getElement().getTextRecursively()).contains("Linked " + group + " (code)");

        _click(_get(unit.links, Button.class, s -> s.withText("Remove")));
        assertThat(units.unit(id, unitId).links()).isEmpty();
    }

    @Test
    void a_note_is_published_to_units_of_two_other_courses_and_the_editor_counts_who_opened_it() {
        KaribuSupport.signIn(context, teacher, Role.INSTRUCTOR);
        long first = courses.create(CourseDraft.of("SA" + group, "Sharing A", "", List.of(group))).id();
        long unitId = units.add(first, "Week 1", "").id();
        units.publish(first, unitId, java.util.Optional.empty());
        materials.upload(first, unitId, "shared.pdf", new ByteArrayInputStream(PDF));
        long second = courses.create(CourseDraft.of("SB" + group, "Sharing B", "", List.of(group))).id();
        long secondUnit = units.add(second, "Lecture 3", "").id();
        long third = courses.create(CourseDraft.of("SC" + group, "Sharing C", "", List.of(group))).id();
        long thirdUnit = units.add(third, "Lecture 1", "").id();

        UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(first));
        UnitEditor unit = _get(_get(CourseEditorView.class).units, UnitEditor.class);
        assertThat(unit.sharing.note.getValue()).isEqualTo("shared.pdf");
        assertThat(unit.sharing.targets.getListDataView().getItems().map(CourseMaterials.UnitRef::unitId).toList())
                .contains(secondUnit, thirdUnit).doesNotContain(unitId);
        unit.sharing.targets.setValue(Set.copyOf(unit.sharing.targets.getListDataView().getItems()
                .filter(u -> u.unitId() == secondUnit || u.unitId() == thirdUnit).toList()));
        _click(unit.sharing.share);
        assertThat(units.unit(second, secondUnit).materials()).extracting(Material::name).containsExactly("shared.pdf");
        assertThat(units.unit(third, thirdUnit).materials()).singleElement()
                .satisfies(m -> assertThat(m.sha256()).isEqualTo(units.unit(first, unitId).materials().get(0).sha256()));
        assertThat(unit.getElement().getTextRecursively()).contains("opened by 0 of 1 student");
        KaribuSupport.signOut();

        TestSecurity.as(student, Role.USER, () -> {
            materials.open(first, unitId, "shared.pdf", java.util.Optional.empty());
            return null;
        });
        KaribuSupport.signIn(context, teacher, Role.INSTRUCTOR);
        UI.getCurrent().navigate(CourseEditorView.class, CourseView.parameters(first));
        assertThat(_get(_get(CourseEditorView.class).units, UnitEditor.class).getElement().getTextRecursively())
                .contains("shared.pdf · version 1 · opened by 1 of 1 student");
        UI.getCurrent().navigate(CourseView.class, CourseView.parameters(first));
        assertThat(_get(_get(CourseView.class).units, Span.class, s -> s.withClasses("opened-count")).getText())
                .isEqualTo("opened by 1 of 1");
    }
}
