package org.gantry.job.ui;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.Key;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.shared.Registration;
import java.util.List;
import org.gantry.job.Job;

/** A job's tags as chips; its owner and administrators may add and remove them. */
class TagEditor extends HorizontalLayout {

    final TextField newTag = new TextField();
    final Button add = new Button(VaadinIcon.PLUS.create());

    TagEditor() {
        setId("tag-editor");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        getStyle().set("flex-wrap", "wrap").set("gap", "var(--lumo-space-s)");
        setSpacing(false);
        newTag.setPlaceholder("Add tag");
        newTag.setMaxLength(Job.TAG_MAX);
        newTag.setWidth("9em");
        newTag.setId("new-tag");
        newTag.addKeyPressListener(Key.ENTER, e -> submit());
        add.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ICON);
        add.setAriaLabel("Add tag");
        add.setId("add-tag");
        add.addClickListener(e -> submit());
    }

    void show(List<String> tags, boolean editable) {
        removeAll();
        for (String tag : tags) {
            Span chip = new Span(tag);
            chip.getElement().getThemeList().add("badge");
            chip.getElement().setAttribute("data-tag", tag);
            chip.getStyle().set("display", "inline-flex").set("align-items", "center")
                    .set("padding", "0.2em 0.5em").set("border-radius", "var(--lumo-border-radius-s)")
                    .set("background-color", "var(--lumo-contrast-10pct)").set("font-size", "var(--lumo-font-size-s)");
            if (editable) {
                Button remove = new Button(VaadinIcon.CLOSE_SMALL.create(),
                        e -> fireEvent(new TagChange(this, tag, false)));
                remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ICON,
                        ButtonVariant.LUMO_SMALL);
                remove.setAriaLabel("Remove tag " + tag);
                remove.setId("remove-tag-" + tag);
                chip.add(remove);
            }
            add(chip);
        }
        if (editable) {
            add(newTag, add);
        }
    }

    Registration addTagChangeListener(ComponentEventListener<TagChange> listener) {
        return addListener(TagChange.class, listener);
    }

    private void submit() {
        String tag = newTag.getValue().strip();
        if (!tag.isEmpty()) {
            newTag.clear();
            fireEvent(new TagChange(this, tag, true));
        }
    }

    /** A person asked to add ({@code added}) or remove {@code tag}. */
    static final class TagChange extends ComponentEvent<TagEditor> {

        final String tag;
        final boolean added;

        TagChange(TagEditor source, String tag, boolean added) {
            super(source, true);
            this.tag = tag;
            this.added = added;
        }
    }
}
