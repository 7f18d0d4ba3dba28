package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import java.util.List;
import java.util.function.Consumer;
import org.gantry.job.tips.Tip;

/** Tips from the user's own history beside the editor, each dismissable for good. */
class TipsPanel extends VerticalLayout {

    private final Consumer<Tip> onDismiss;

    TipsPanel(Consumer<Tip> onDismiss) {
        this.onDismiss = onDismiss;
        setId("tips");
        setPadding(false);
        setSpacing(false);
    }

    void show(List<Tip> tips) {
        removeAll();
        if (tips.isEmpty()) {
            return;
        }
        H4 heading = new H4("Tips from your recent jobs");
        heading.getStyle().set("margin", "var(--lumo-space-m) 0 var(--lumo-space-xs) 0");
        add(heading);
        tips.forEach(tip -> add(card(tip)));
    }

    private Div card(Tip tip) {
        Div card = new Div();
        card.addClassName("tip");
        card.getElement().setAttribute("data-tip", tip.key());
        card.getStyle().set("background", "var(--lumo-primary-color-10pct)").set("border-radius",
                "var(--lumo-border-radius-m)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                .set("margin-bottom", "var(--lumo-space-s)").set("position", "relative").set("width", "100%")
                .set("box-sizing", "border-box");
        Span title = new Span(tip.title());
        title.getStyle().set("font-weight", "600").set("font-size", "var(--lumo-font-size-s)");
        Paragraph text = new Paragraph(tip.text());
        text.getStyle().set("margin", "var(--lumo-space-xs) 0 0 0").set("font-size", "var(--lumo-font-size-s)");
        Button dismiss = new Button(VaadinIcon.CLOSE_SMALL.create(), e -> {
            onDismiss.accept(tip);
            remove(card);
            if (getComponentCount() == 1) {
                removeAll();
            }
        });
        dismiss.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_SMALL);
        dismiss.setAriaLabel("Dismiss this tip");
        dismiss.addClassName("dismiss-tip");
        dismiss.getStyle().set("position", "absolute").set("top", "var(--lumo-space-xs)")
                .set("right", "var(--lumo-space-xs)");
        card.add(dismiss, title, text);
        return card;
    }
}
