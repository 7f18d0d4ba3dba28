package org.gantry.job.ui;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.shared.Registration;
import java.util.List;
import java.util.Optional;
import org.gantry.job.ui.JobYamlFields.Field;
import org.gantry.job.ui.JobYamlFields.RoleValues;
import org.gantry.job.ui.JobYamlFields.Values;

/**
 * The common fields of a job and of each of its task roles, beside the YAML: the person picks
 * the task role to edit, or adds or removes one. What they change is announced as events for
 * the view to write into the YAML; {@link #follow} fills the form from the YAML without
 * announcing anything.
 */
class JobForm extends VerticalLayout {

    /** The person changed a field of the job or of task role {@code role}; {@code value} is "" when cleared. */
    static class FieldEdited extends ComponentEvent<JobForm> {
        private final String role;
        private final Field field;
        private final String value;

        FieldEdited(JobForm source, String role, Field field, String value) {
            super(source, true);
            this.role = role;
            this.field = field;
            this.value = value;
        }

        String role() {
            return role;
        }

        Field field() {
            return field;
        }

        String value() {
            return value;
        }
    }

    /** The person added task role {@code role}, to start like {@code like}, or removed it ({@code like} empty). */
    static class RoleChanged extends ComponentEvent<JobForm> {
        private final String role;
        private final Optional<String> like;

        RoleChanged(JobForm source, String role, Optional<String> like) {
            super(source, true);
            this.role = role;
            this.like = like;
        }

        String role() {
            return role;
        }

        /** Present when the role was added: the role it starts like. */
        Optional<String> like() {
            return like;
        }
    }

    final Span note = new Span();
    final TextField name = new TextField("Name");
    final ComboBox<String> virtualCluster = new ComboBox<>("Virtual cluster");
    final Select<String> role = new Select<>();
    final Button addRole = new Button("Add role", VaadinIcon.PLUS.create());
    final Button removeRole = new Button(VaadinIcon.TRASH.create());
    final TaskRoleForm roleFields;
    private Values shown = new Values("", "", List.of());
    private List<String> roleItems = List.of();
    private String selected = "";

    JobForm(List<String> virtualClusters) {
        setId("job-form");
        setPadding(false);
        setSpacing(false);
        note.setId("job-form-note");
        note.setVisible(false);
        note.getStyle().set("color", "var(--lumo-error-text-color)").set("font-size", "var(--lumo-font-size-s)");
        virtualCluster.setItems(virtualClusters);
        virtualCluster.setAllowCustomValue(true);
        virtualCluster.setPlaceholder("default");
        virtualCluster.addCustomValueSetListener(e -> virtualCluster.setValue(e.getDetail()));
        name.setValueChangeMode(ValueChangeMode.LAZY);
        edits(name, Field.NAME);
        edits(virtualCluster, Field.VIRTUAL_CLUSTER);
        FormLayout job = new FormLayout();
        job.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 2));
        job.add(name, virtualCluster);
        roleFields = new TaskRoleForm((field, value) -> fireEvent(new FieldEdited(this, selected, field, value)));
        add(note, job, roleBar(), roleFields);
    }

    private HorizontalLayout roleBar() {
        role.setId("task-role");
        role.setLabel("Task role");
        role.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                selected = e.getValue();
                roleFields.show(shown.role(selected).orElse(RoleValues.NONE));
            }
        });
        addRole.setId("add-task-role");
        addRole.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        addRole.addClickListener(e -> new AddTaskRoleDialog(TaskRoleYaml.suggestedName(shown.roleNames()),
                chosen -> TaskRoleYaml.nameProblem(shown.roleNames(), chosen),
                chosen -> fireEvent(new RoleChanged(this, chosen, Optional.of(selected)))).open());
        removeRole.setId("remove-task-role");
        removeRole.setTooltipText("Remove this task role");
        removeRole.setAriaLabel("Remove this task role");
        removeRole.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        removeRole.addClickListener(e -> confirmRemoval(selected));
        HorizontalLayout bar = new HorizontalLayout(role, addRole, removeRole);
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        bar.expand(role);
        bar.getStyle().set("margin-top", "var(--lumo-space-s)")
                .set("border-top", "1px solid var(--lumo-contrast-10pct)");
        return bar;
    }

    private void confirmRemoval(String removed) {
        ConfirmDialog confirm = new ConfirmDialog("Remove task role " + removed + "?",
                "Its lines are deleted from the YAML.", "Remove",
                ok -> fireEvent(new RoleChanged(this, removed, Optional.empty())), "Cancel", cancel -> { });
        confirm.setConfirmButtonTheme("error primary");
        confirm.setId("confirm-remove-task-role");
        confirm.open();
    }

    private <V> void edits(HasValue<?, V> component, Field field) {
        component.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                fireEvent(new FieldEdited(this, "", field, e.getValue() == null ? "" : String.valueOf(e.getValue())));
            }
        });
    }

    Registration addFieldEditedListener(ComponentEventListener<FieldEdited> listener) {
        return addListener(FieldEdited.class, listener);
    }

    Registration addRoleChangedListener(ComponentEventListener<RoleChanged> listener) {
        return addListener(RoleChanged.class, listener);
    }

    /**
     * Shows what the YAML says. When it does not read, the form keeps what it showed, says why
     * and takes no edits until it reads again.
     */
    void follow(String yaml) {
        Optional<Values> values = JobYamlFields.read(yaml);
        if (values.isPresent()) {
            show(values.get());
            return;
        }
        note.setText("The YAML does not read (" + YamlText.problem(yaml).orElse("") + "). The form shows it as it"
                + " last read and follows again once it is fixed.");
        note.setVisible(true);
        setEditable(false);
    }

    /** Shows task role {@code shownRole} from now on, when the document has it. */
    void showRole(String shownRole) {
        if (shown.role(shownRole).isPresent()) {
            selected = shownRole;
            show(shown);
        }
    }

    private void show(Values values) {
        note.setVisible(false);
        List<String> before = shown.roleNames();
        List<String> names = values.roleNames();
        int index = before.indexOf(selected);
        selected = names.contains(selected) ? selected : index >= 0 && index < names.size() ? names.get(index)
                : names.isEmpty() ? "" : names.get(0);
        shown = values;
        set(name, values.name());
        set(virtualCluster, values.virtualCluster().isEmpty() ? null : values.virtualCluster());
        if (!names.equals(roleItems)) {
            roleItems = names;
            role.setItems(names);
        }
        set(role, selected.isEmpty() ? null : selected);
        roleFields.show(values.role(selected).orElse(RoleValues.NONE));
        setEditable(true);
    }

    private void setEditable(boolean editable) {
        name.setReadOnly(!editable);
        virtualCluster.setReadOnly(!editable);
        role.setReadOnly(!editable);
        addRole.setEnabled(editable);
        removeRole.setEnabled(editable && shown.roles().size() > 1);
        roleFields.setEditable(editable);
    }

    private static <V> void set(HasValue<?, V> field, V value) {
        if (!Optional.ofNullable(field.getValue()).equals(Optional.ofNullable(value))) {
            field.setValue(value);
        }
    }
}
