package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.textfield.PasswordField;
import java.util.function.Consumer;
import org.gantry.base.ui.Notifications;
import org.gantry.security.AccountException;
import org.gantry.security.UserAccount;

/** Asks an administrator for a user's new password. */
class PasswordDialog extends Dialog {

    PasswordDialog(String username, Consumer<String> onSave) {
        setHeaderTitle("New password for " + username);
        PasswordField password = new PasswordField("New password");
        password.setMinLength(UserAccount.PASSWORD_MIN);
        password.setHelperText("At least " + UserAccount.PASSWORD_MIN + " characters");
        add(password);
        Button save = new Button("Set password", e -> {
            try {
                onSave.accept(password.getValue());
                close();
            } catch (AccountException ex) {
                Notifications.error(ex.getMessage());
            }
        });
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button("Cancel", e -> close()), save);
    }
}
