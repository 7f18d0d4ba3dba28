package org.gantry.expression.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.gantry.base.ui.Notifications;
import org.gantry.expression.Expression;
import org.gantry.expression.ExpressionException;
import org.gantry.expression.UserExpression;

/** Adds an expression, or edits the value of an existing one. */
class ExpressionDialog extends Dialog {

    final TextField key = new TextField("Key");
    final TextArea value = new TextArea("Value");
    final Button save = new Button("Save");

    ExpressionDialog(Optional<Expression> existing, BiConsumer<String, String> onSave) {
        setHeaderTitle(existing.map(e -> "Edit " + e.key()).orElse("New expression"));
        key.setMaxLength(UserExpression.KEY_MAX);
        key.setPattern(UserExpression.KEY_PATTERN);
        key.setRequired(true);
        key.setHelperText("Letters, digits, '_' or '-'");
        value.setMaxLength(UserExpression.VALUE_MAX);
        value.setWidthFull();
        existing.ifPresent(e -> {
            key.setValue(e.key());
            key.setReadOnly(true);
            value.setValue(e.value());
        });
        add(new FormLayout(key, value));
        save.setId("save-expression");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            try {
                onSave.accept(key.getValue().strip(), value.getValue());
                close();
            } catch (ExpressionException refused) {
                Notifications.error(refused.getMessage());
            }
        });
        getFooter().add(new Button("Cancel", e -> close()), save);
    }
}
