package org.gantry.job.ui;

import com.vaadin.flow.component.AbstractField;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.NativeDetails;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    final TextArea env = new TextArea("Environment (NAME=value per line)");
    final TextArea pipPackages = new TextArea("pip packages");
    final TextArea modules = new TextArea("Modules");
    final TextArea condaPackages = new TextArea("conda packages");
    final TextArea callBefore = new TextArea("Call before (commands)");
    final TextArea callAfter = new TextArea("Call after (commands)");
    final NativeDetails deps;
    private final Map<Field, TextArea> depsFields = new EnumMap<>(Field.class);
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
        depsFields.putAll(Map.of(Field.ENV, env, Field.PIP_PACKAGES, pipPackages, Field.MODULES, modules,
                Field.CONDA_PACKAGES, condaPackages, Field.CALL_BEFORE, callBefore, Field.CALL_AFTER, callAfter));
        FormLayout depsLayout = new FormLayout();
        depsLayout.setResponsiveSteps(new ResponsiveStep("0", 2));
        depsLayout.add(env, 2);
        depsLayout.add(pipPackages, condaPackages, modules);
        depsLayout.add(callBefore, 2);
        depsLayout.add(callAfter, 2);
        deps = new NativeDetails("Dependencies (deps)", depsLayout);
        deps.setId("task-role-deps");
        add(deps, 2);
        depsFields.forEach((field, area) -> {
            area.setId("deps-" + field.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            area.setValueChangeMode(ValueChangeMode.LAZY);
            area.setMaxHeight("10em");
            area.setHelperText("one per line");
            edits(area, field, onEdit);
        });
        env.setHelperText("NAME=value, one per line");
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
        depsFields.forEach((field, area) -> set(area, String.join("\n", values.deps(field))));
        if (depsFields.keySet().stream().anyMatch(field -> !values.deps(field).isEmpty())) {
            deps.setOpen(true);
        }
    }

    /** Read-only while the YAML does not read: an edit would have nowhere to go. */
    void setEditable(boolean editable) {
        this.editable = editable;
        for (HasValue<?, ?> field : List.<HasValue<?, ?>>of(image, instances, cpu, memoryMB, gpu)) {
            field.setReadOnly(!editable);
        }
        depsFields.values().forEach(area -> area.setReadOnly(!editable));
        commands.setReadOnly(!editable || !commandsEditable);
    }

    private static <V> void set(HasValue<?, V> field, V value) {
        if (!Optional.ofNullable(field.getValue()).equals(Optional.ofNullable(value))) {
            field.setValue(value);
        }
    }
}
