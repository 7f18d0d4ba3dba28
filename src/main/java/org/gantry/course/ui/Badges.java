package org.gantry.course.ui;

import com.vaadin.flow.component.html.Span;

/**
 * Small status labels in Lumo badge colours, styled inline like the job views' badges:
 * Lumo's badge stylesheet is not in the prebuilt frontend bundle.
 */
final class Badges {

    private Badges() {
    }

    /** @param variant {@code primary}, {@code success}, {@code error} or {@code contrast} */
    static Span of(String label, String variant) {
        Span badge = new Span(label);
        badge.getElement().getThemeList().add("badge");
        badge.getElement().getThemeList().add(variant);
        badge.getStyle().set("display", "inline-flex").set("align-items", "center").set("padding", "0.3em 0.6em")
                .set("border-radius", "var(--lumo-border-radius-s)").set("font-size", "var(--lumo-font-size-s)")
                .set("font-weight", "500").set("line-height", "1").set("white-space", "nowrap");
        if (variant.equals("contrast")) {
            badge.getStyle().set("color", "var(--lumo-contrast-80pct)").set("background-color",
                    "var(--lumo-contrast-5pct)");
        } else {
            badge.getStyle().set("color", "var(--lumo-" + variant + "-text-color)")
                    .set("background-color", "var(--lumo-" + variant + "-color-10pct)");
        }
        return badge;
    }
}
