package org.gantry.setup.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.icon.VaadinIcon;
import org.gantry.base.ui.Notifications;

/**
 * A shell command to type on one's own machine, with a button that copies it. The copy runs in
 * the browser on the click itself (a clipboard write needs the user's gesture), falling back to
 * a hidden text area where the page is not a secure context (plain http to a remote host).
 */
class CopyableCommand extends Div {

    private static final String COPY_ON_CLICK = """
            if (this.copyBound) return;
            this.copyBound = true;
            this.addEventListener('click', () => {
              const text = this.dataset.copy;
              if (navigator.clipboard && window.isSecureContext) {
                navigator.clipboard.writeText(text);
                return;
              }
              const area = document.createElement('textarea');
              area.value = text;
              area.style.position = 'fixed';
              area.style.opacity = '0';
              document.body.appendChild(area);
              area.select();
              document.execCommand('copy');
              area.remove();
            });""";

    final Pre text = new Pre();
    final Button copy = new Button("Copy", VaadinIcon.COPY_O.create());

    CopyableCommand(String id, String command) {
        addClassName("copyable-command");
        setId(id);
        text.setText(command);
        text.getStyle().set("margin", "0").set("flex", "1 1 auto").set("min-width", "0")
                .set("white-space", "pre-wrap").set("overflow-wrap", "anywhere")
                .set("font-size", "var(--lumo-font-size-s)");
        copy.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        copy.getElement().setAttribute("data-copy", command);
        copy.getElement().setAttribute("aria-label", "Copy the command");
        copy.addClickListener(e -> Notifications.success("Copied to the clipboard"));
        getStyle().set("display", "flex").set("align-items", "center").set("gap", "var(--lumo-space-s)")
                .set("background", "var(--lumo-contrast-5pct)").set("border-radius", "var(--lumo-border-radius-m)")
                .set("padding", "var(--lumo-space-xs) var(--lumo-space-s)").set("box-sizing", "border-box")
                .set("width", "100%").set("max-width", "60em");
        add(text, copy);
    }

    String command() {
        return text.getText();
    }

    @Override
    protected void onAttach(AttachEvent attachEvent) {
        super.onAttach(attachEvent);
        copy.getElement().executeJs(COPY_ON_CLICK);
    }
}
