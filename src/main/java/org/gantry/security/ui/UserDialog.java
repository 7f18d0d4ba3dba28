package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.gantry.base.ui.Notifications;
import org.gantry.security.AccountException;
import org.gantry.security.Role;
import org.gantry.security.UserAccount;
import org.gantry.security.UserGroup;

/** Creates a user, or edits an existing user's role, email and groups. */
class UserDialog extends Dialog {

    record Values(String username, String password, Role role, String email, Set<String> groups) {
    }

    final TextField username = new TextField("Username");
    final PasswordField password = new PasswordField("Initial password");
    final Select<Role> role = new Select<>();
    final EmailField email = new EmailField("Email");
    final MultiSelectComboBox<String> groups = new MultiSelectComboBox<>("Groups");
    final Button save = new Button("Save");

    UserDialog(UserAccount existing, List<UserGroup> allGroups, Consumer<Values> onSave) {
        setHeaderTitle(existing == null ? "New user" : "Edit " + existing.getUsername());
        username.setMaxLength(UserAccount.USERNAME_MAX);
        username.setPattern(UserAccount.USERNAME_PATTERN);
        username.setRequired(true);
        password.setMinLength(UserAccount.PASSWORD_MIN);
        email.setMaxLength(UserAccount.EMAIL_MAX);
        role.setLabel("Role");
        role.setItems(Role.values());
        role.setValue(Role.USER);
        groups.setItems(allGroups.stream().map(UserGroup::getName).toList());
        if (existing != null) {
            username.setValue(existing.getUsername());
            username.setReadOnly(true);
            password.setVisible(false);
            role.setValue(existing.getRole());
            email.setValue(existing.getEmail());
            groups.setValue(existing.getGroups().stream().map(UserGroup::getName).collect(Collectors.toSet()));
        } else {
            groups.setValue(Set.of("default"));
        }
        add(new FormLayout(username, password, role, email, groups));
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            try {
                onSave.accept(new Values(username.getValue().trim(), password.getValue(), role.getValue(),
                        email.getValue(), groups.getValue()));
                Notifications.success("Saved " + username.getValue());
                close();
            } catch (AccountException ex) {
                Notifications.error(ex.getMessage());
            }
        });
        getFooter().add(new Button("Cancel", e -> close()), save);
    }
}
