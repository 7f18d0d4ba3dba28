package org.gantry.job.ui;

import com.vaadin.flow.component.html.Span;
import java.util.Locale;
import org.gantry.job.JobState;

/**
 * A job or task state as a Lumo badge. The theme names are Lumo's ({@code badge success});
 * the look comes from Lumo's custom properties inline, because Lumo's badge stylesheet is not
 * part of the prebuilt frontend bundle and importing it would force a frontend build.
 */
class JobStateBadge extends Span {

    JobStateBadge(JobState state) {
        super(label(state));
        String variant = variant(state);
        getElement().getThemeList().add("badge");
        getElement().getThemeList().add(variant);
        getElement().setAttribute("data-state", state.name());
        getStyle().set("display", "inline-flex").set("align-items", "center")
                .set("padding", "0.3em 0.6em").set("border-radius", "var(--lumo-border-radius-s)")
                .set("font-size", "var(--lumo-font-size-s)").set("font-weight", "500").set("line-height", "1")
                .set("color", "var(--lumo-" + variant + "-text-color)")
                .set("background-color", "var(--lumo-" + variant + "-color-10pct)");
        if (variant.equals("contrast")) {
            getStyle().set("color", "var(--lumo-contrast-80pct)").set("background-color", "var(--lumo-contrast-5pct)");
        }
    }

    static String label(JobState state) {
        String name = state.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    private static String variant(JobState state) {
        return switch (state) {
            case RUNNING -> "primary";
            case SUCCEEDED -> "success";
            case FAILED -> "error";
            case WAITING, STOPPING, STOPPED -> "contrast";
        };
    }
}
