package org.gantry.job.ui;

import com.vaadin.flow.component.html.Span;

/**
 * A small status label in a Lumo badge's colours. The theme names are Lumo's ({@code badge success});
 * the look comes from Lumo's custom properties inline, because Lumo's badge stylesheet is not
 * part of the prebuilt frontend bundle and importing it would force a frontend build.
 */
class Badge extends Span {

    /** @param variant {@code primary}, {@code success}, {@code error} or {@code contrast} */
    Badge(String label, String variant) {
        super(label);
        getElement().getThemeList().add("badge");
        getElement().getThemeList().add(variant);
        getStyle().set("display", "inline-flex").set("align-items", "center")
                .set("padding", "0.3em 0.6em").set("border-radius", "var(--lumo-border-radius-s)")
                .set("font-size", "var(--lumo-font-size-s)").set("font-weight", "500").set("line-height", "1")
                .set("color", "var(--lumo-" + variant + "-text-color)")
                .set("background-color", "var(--lumo-" + variant + "-color-10pct)");
        if (variant.equals("contrast")) {
            getStyle().set("color", "var(--lumo-contrast-80pct)").set("background-color", "var(--lumo-contrast-5pct)");
        }
    }

    /** The same look as an inline style, for Lit templates that draw badges (the job list's state column). */
    static String style(String variant) {
        boolean contrast = variant.equals("contrast");
        return "display: inline-flex; align-items: center; padding: 0.3em 0.6em; "
                + "border-radius: var(--lumo-border-radius-s); font-size: var(--lumo-font-size-s); font-weight: 500; "
                + "line-height: 1; color: " + (contrast ? "var(--lumo-contrast-80pct)" : "var(--lumo-" + variant + "-text-color)")
                + "; background-color: " + (contrast ? "var(--lumo-contrast-5pct)" : "var(--lumo-" + variant + "-color-10pct)");
    }
}
