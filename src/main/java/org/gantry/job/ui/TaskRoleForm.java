package org.gantry.job.ui;

import com.vaadin.flow.component.AbstractField;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.gantry.job.ui.JobYamlFields.Field;
import org.gantry.job.ui.JobYamlFields.RoleValues;

/**
 * One task role's fields in the job form. What the person types goes to {@code onEdit};
 * {@link #show} fills the fields without announcing anything.
 */
class TaskRoleForm extends FormLayout {

    final TextField image = new TextField("Docker image");
    final IntegerField instances = new IntegerField("Instances");
    final IntegerField cpu = new IntegerField("CPU");
    final IntegerField memoryMB = new IntegerField("Memory (MB)");
    final IntegerField gpu = new IntegerField("GPU");
    final TextArea commands = new TextArea("Commands (one per line)");
    private boolean editable = true;
    private boolean commandsEditable = true;

    TaskRoleForm(BiConsumer<Field, String> onEdit) {
        setId("task-role-form");
        setResponsiveSteps(new ResponsiveStep("0", 2));
        for (IntegerField number : List.of(instances, cpu, memoryMB, gpu)) {
            number.setMin(0);
        }
        image.setValueChangeMode(ValueChangeMode.LAZY);
        commands.setValueChangeMode(ValueChangeMode.LAZY);
        commands.setMaxHeight("14em");
        add(image, 2);
        add(instances, cpu, memoryMB, gpu);
        add(commands, 2);
        edits(image, Field.IMAGE, onEdit);
        edits(instances, Field.INSTANCES, onEdit);
        edits(cpu, Field.CPU, onEdit);
        edits(memoryMB, Field.MEMORY_MB, onEdit);
        edits(gpu, Field.GPU, onEdit);
        edits(commands, Field.COMMANDS, onEdit);
    }

    private static <V> void edits(AbstractField<?, V> component, Field field, BiConsumer<Field, String> onEdit) {
        component.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                onEdit.accept(field, e.getValue() == null ? "" : String.valueOf(e.getValue()));
            }
        });
    }

    void show(RoleValues values) {
        set(image, values.image());
        set(instances, values.instances().orElse(null));
        set(cpu, values.cpu().orElse(null));
        set(memoryMB, values.memoryMB().orElse(null));
        set(gpu, values.gpu().orElse(null));
        set(commands, String.join("\n", values.commands()));
        commandsEditable = values.commandsEditable();
        commands.setReadOnly(!editable || !commandsEditable);
        commands.setHelperText(commandsEditable ? "" : "A command spans several lines: edit the commands in the YAML");
    }

    /** Read-only while the YAML does not read: an edit would have nowhere to go. */
    void setEditable(boolean editable) {
        this.editable = editable;
        for (HasValue<?, ?> field : List.<HasValue<?, ?>>of(image, instances, cpu, memoryMB, gpu)) {
            field.setReadOnly(!editable);
        }
        commands.setReadOnly(!editable || !commandsEditable);
    }

    private static <V> void set(HasValue<?, V> field, V value) {
        if (!Optional.ofNullable(field.getValue()).equals(Optional.ofNullable(value))) {
            field.setValue(value);
        }
    }
}
