package org.gantry.job.ui;

import com.vaadin.flow.component.Key;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.textfield.TextField;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.gantry.job.protocol.ProtocolLimits;

/** Asks for the name of a new task role; {@code problem} says why a name will not do. */
class AddTaskRoleDialog extends Dialog {

    final TextField name = new TextField("Name");
    final Button add = new Button("Add role");

    AddTaskRoleDialog(String suggested, Function<String, Optional<String>> problem, Consumer<String> onAdd) {
        setHeaderTitle("New task role");
        setId("add-task-role-dialog");
        name.setValue(suggested);
        name.setMaxLength(ProtocolLimits.MAX_ROLE_NAME_LENGTH);
        name.setHelperText("It starts like the role shown, with one instance and a command to replace");
        name.setWidth("22em");
        name.setAutofocus(true);
        add(name);
        add.setId("add-task-role-confirm");
        add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add.addClickShortcut(Key.ENTER);
        add.addClickListener(e -> {
            String chosen = name.getValue().strip();
            Optional<String> refused = problem.apply(chosen);
            name.setInvalid(refused.isPresent());
            name.setErrorMessage(refused.orElse(null));
            if (refused.isEmpty()) {
                onAdd.accept(chosen);
                close();
            }
        });
        getFooter().add(new Button("Cancel", e -> close()), add);
    }
}
