package org.gantry.job.ui;

import com.vaadin.flow.component.AbstractField;
import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.formlayout.FormLayout.ResponsiveStep;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.shared.Registration;
import java.util.List;
import java.util.Optional;
import org.gantry.job.ui.JobYamlFields.Field;

/**
 * The common fields of a job (of its first task role) as a form. What the person types is
 * announced as a {@link FieldEdited} event for the view to write into the YAML; {@link #show}
 * fills the fields from the YAML without announcing anything.
 */
class JobForm extends FormLayout {

    /** The person changed a field; {@code value} is its text ("" when cleared). */
    static class FieldEdited extends ComponentEvent<JobForm> {
        private final Field field;
        private final String value;

        FieldEdited(JobForm source, Field field, String value) {
            super(source, true);
            this.field = field;
            this.value = value;
        }

        Field field() {
            return field;
        }

        String value() {
            return value;
        }
    }

    final TextField name = new TextField("Name");
    final ComboBox<String> virtualCluster = new ComboBox<>("Virtual cluster");
    final TextField image = new TextField("Docker image");
    final IntegerField instances = new IntegerField("Instances");
    final IntegerField cpu = new IntegerField("CPU");
    final IntegerField memoryMB = new IntegerField("Memory (MB)");
    final IntegerField gpu = new IntegerField("GPU");
    final TextArea commands = new TextArea("Commands (one per line)");

    JobForm(List<String> virtualClusters) {
        setId("job-form");
        setResponsiveSteps(new ResponsiveStep("0", 6));
        virtualCluster.setItems(virtualClusters);
        virtualCluster.setAllowCustomValue(true);
        virtualCluster.setPlaceholder("default");
        virtualCluster.addCustomValueSetListener(e -> virtualCluster.setValue(e.getDetail()));
        for (IntegerField number : List.of(instances, cpu, memoryMB, gpu)) {
            number.setMin(0);
        }
        for (TextField text : List.of(name, image)) {
            text.setValueChangeMode(ValueChangeMode.LAZY);
        }
        commands.setValueChangeMode(ValueChangeMode.LAZY);
        commands.setMaxHeight("14em");
        add(name, 6);
        add(image, 6);
        add(virtualCluster, 4);
        add(instances, 2);
        add(cpu, 2);
        add(memoryMB, 2);
        add(gpu, 2);
        add(commands, 6);
        edits(name, Field.NAME);
        edits(virtualCluster, Field.VIRTUAL_CLUSTER);
        edits(image, Field.IMAGE);
        edits(instances, Field.INSTANCES);
        edits(cpu, Field.CPU);
        edits(memoryMB, Field.MEMORY_MB);
        edits(gpu, Field.GPU);
        edits(commands, Field.COMMANDS);
    }

    private <V> void edits(AbstractField<?, V> component, Field field) {
        component.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                fireEvent(new FieldEdited(this, field, e.getValue() == null ? "" : String.valueOf(e.getValue())));
            }
        });
    }

    Registration addFieldEditedListener(ComponentEventListener<FieldEdited> listener) {
        return addListener(FieldEdited.class, listener);
    }

    /** Shows the document's values without announcing them as edits. */
    void show(JobYamlFields.Values values) {
        set(name, values.name());
        set(virtualCluster, values.virtualCluster().isEmpty() ? null : values.virtualCluster());
        set(image, values.image());
        set(instances, values.instances().orElse(null));
        set(cpu, values.cpu().orElse(null));
        set(memoryMB, values.memoryMB().orElse(null));
        set(gpu, values.gpu().orElse(null));
        set(commands, String.join("\n", values.commands()));
        commands.setReadOnly(!values.commandsEditable());
        commands.setHelperText(values.commandsEditable() ? "Task role " + values.role()
                : "A command spans several lines: edit the commands in the YAML");
    }

    private static <V> void set(HasValue<?, V> field, V value) {
        if (!Optional.ofNullable(field.getValue()).equals(Optional.ofNullable(value))) {
            field.setValue(value);
        }
    }
}
