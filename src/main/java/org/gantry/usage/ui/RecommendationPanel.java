package org.gantry.usage.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import java.util.stream.Collectors;
import org.gantry.usage.BehaviourService;
import org.gantry.usage.Recommendation;

/** "Recommended for you": advice drawn from the user's recent jobs, and what those jobs use most. */
class RecommendationPanel extends Div {

    RecommendationPanel(BehaviourService.Profile profile) {
        setId("recommendations");
        getStyle().set("display", "flex").set("flex-direction", "column").set("gap", "var(--lumo-space-s)");
        if (profile.recommendations().isEmpty()) {
            add(muted(profile.jobs() == 0 ? "No jobs in the last 30 days. Advice appears here once your jobs show"
                    + " habits worth changing." : "Nothing to advise: your " + profile.jobs() + " jobs of the last 30"
                    + " days show no habit worth changing."));
        }
        for (Recommendation r : profile.recommendations()) {
            Div card = new Div();
            card.getStyle().set("border-left", "3px solid var(--lumo-primary-color)").set("padding-left", "var(--lumo-space-s)");
            Span title = new Span(r.title());
            title.getStyle().set("font-weight", "600").set("display", "block");
            card.add(title, new Span(r.advice()));
            r.safeLink().ifPresent(link -> {
                Anchor more = new Anchor(link, " Read more");
                more.setTarget(AnchorTarget.BLANK);
                card.add(more);
            });
            card.getElement().setAttribute("data-code", r.code());
            add(card);
        }
        if (!profile.images().isEmpty()) {
            add(muted("Images you use most: " + profile.images().entrySet().stream()
                    .map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "))));
        }
    }

    private static Span muted(String text) {
        Span span = new Span(text);
        span.getStyle().set("color", "var(--lumo-secondary-text-color)");
        return span;
    }
}
