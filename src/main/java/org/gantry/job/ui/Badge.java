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
        getElement().setAttribute("style", style(variant));
    }

    /** A badge's look as an inline style: this component's, and Lit templates' that draw badges (the job list). */
    static String style(String variant) {
        boolean contrast = variant.equals("contrast");
        return "display: inline-flex; align-items: center; padding: 0.3em 0.6em; "
                + "border-radius: var(--lumo-border-radius-s); font-size: var(--lumo-font-size-s); font-weight: 500; "
                + "line-height: 1; color: " + (contrast ? "var(--lumo-contrast-80pct)" : "var(--lumo-" + variant + "-text-color)")
                + "; background-color: " + (contrast ? "var(--lumo-contrast-5pct)" : "var(--lumo-" + variant + "-color-10pct)");
    }
}
