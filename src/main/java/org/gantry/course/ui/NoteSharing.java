package org.gantry.course.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import java.util.List;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Course;
import org.gantry.course.CourseException;
import org.gantry.course.CourseMaterials;
import org.gantry.course.Material;
import org.gantry.course.Unit;

/** Publishes one of a unit's notes to units of the other courses its instructor teaches. */
class NoteSharing extends HorizontalLayout {

    final ComboBox<String> note = new ComboBox<>("Publish a note");
    final MultiSelectComboBox<CourseMaterials.UnitRef> targets = new MultiSelectComboBox<>("to units of your courses");
    final Button share = new Button("Publish there", VaadinIcon.SHARE.create());

    NoteSharing(Course course, Unit unit, CourseMaterials materials) {
        addClassName("note-sharing");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        getStyle().set("flex-wrap", "wrap");
        List<String> names = unit.materials().stream().map(Material::name).toList();
        note.setItems(names);
        if (names.size() == 1) {
            note.setValue(names.get(0));
        }
        targets.setItems(materials.shareTargets(course.id(), unit.id()));
        targets.setItemLabelGenerator(CourseMaterials.UnitRef::label);
        targets.setWidth("24em");
        targets.setMaxWidth("100%");
        share.addClickListener(e -> {
            try {
                if (note.getValue() == null) {
                    Notifications.error("Choose the note to publish.");
                    return;
                }
                var shared = materials.share(course.id(), unit.id(), note.getValue(), targets.getValue().stream()
                        .map(CourseMaterials.UnitRef::unitId).toList());
                Notifications.success("Published " + note.getValue() + " to " + shared.size() + (shared.size() == 1
                        ? " unit" : " units") + "; each is seen by its course once that unit is published");
                targets.clear();
            } catch (CourseException refused) {
                Notifications.error(refused.getMessage());
            }
        });
        add(note, targets, share);
    }
}
