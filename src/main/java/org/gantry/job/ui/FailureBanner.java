package org.gantry.job.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.job.FailureExplanations.Explanation;

/**
 * Above the tabs of a failed (or stopped) job: why it ended, where (task, attempts, step), the
 * log line that shows it, what to do, and — when the fix is a job change — a link to the
 * editor's clone of the job with the change made.
 */
final class FailureBanner extends Div {

    final Span title = new Span();
    final Span where = new Span();
    final Pre quote = new Pre();
    final Paragraph solution = new Paragraph();
    final Anchor fix = new Anchor();
    final Anchor link = new Anchor();

    FailureBanner() {
        setId("failure-banner");
        setVisible(false);
        setWidthFull();
        getStyle().set("box-sizing", "border-box").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                .set("border-radius", "var(--lumo-border-radius-m)").set("border-left", "4px solid")
                .set("overflow-wrap", "anywhere");
        title.setId("failure-title");
        title.getStyle().set("font-weight", "600").set("display", "block");
        where.setId("failure-where");
        where.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)")
                .set("display", "block");
        quote.setId("failure-quote");
        quote.getStyle().set("white-space", "pre-wrap").set("margin", "var(--lumo-space-xs) 0")
                .set("font-size", "var(--lumo-font-size-s)").set("background", "var(--lumo-contrast-5pct)")
                .set("padding", "var(--lumo-space-xs) var(--lumo-space-s)");
        solution.setId("failure-solution");
        solution.getStyle().set("margin", "var(--lumo-space-xs) 0");
        fix.setId("failure-fix");
        link.setTarget(AnchorTarget.BLANK);
        link.setText("More about it");
        add(title, where, quote, solution, fix, link);
    }

    void show(Optional<Explanation> found, String owner, String name) {
        setVisible(found.isPresent());
        if (found.isEmpty()) {
            return;
        }
        Explanation e = found.get();
        boolean failure = e.failure();
        getStyle().set("background", failure ? "var(--lumo-error-color-10pct)" : "var(--lumo-contrast-5pct)")
                .set("border-color", failure ? "var(--lumo-error-color)" : "var(--lumo-contrast-30pct)");
        getElement().setAttribute("role", failure ? "alert" : "status");
        title.setText(e.reason());
        List<String> place = new ArrayList<>();
        place.add("Task " + e.task());
        place.add("job attempt " + e.jobAttempt() + ", task attempt " + e.taskAttempt());
        e.step().ifPresent(step -> place.add("step " + step));
        place.add(e.category() + (e.transientFailure() ? ", transient" : ""));
        place.add(e.phrase());
        where.setText(String.join(" · ", place));
        quote.setVisible(e.quote().isPresent());
        quote.setText(e.quote().map(q -> e.source().map(s -> s + ": ").orElse("") + q).orElse(""));
        solution.setText("What to do: " + e.solution());
        Optional<String> pip = e.fix().filter(f -> f.startsWith("deps.pip ")).map(f -> f.substring(9).strip());
        fix.setVisible(pip.isPresent());
        pip.ifPresent(pkg -> {
            fix.removeAll();
            fix.add(VaadinIcon.MAGIC.create(), new Span(" Clone with " + pkg + " in deps.pip"));
            fix.setHref("jobs/new?clone=" + owner + "~" + name + "&role=" + encode(roleOf(e.task()))
                    + "&addPip=" + encode(pkg));
        });
        link.setVisible(e.link().isPresent());
        e.link().ifPresent(link::setHref);
    }

    private static String roleOf(String task) {
        int dash = task.lastIndexOf('-');
        return dash > 0 ? task.substring(0, dash) : task;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
