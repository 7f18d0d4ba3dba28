package org.gantry.usage.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.List;
import org.gantry.usage.BehaviourService;
import org.gantry.usage.DigestFeed;
import org.gantry.usage.DigestService;
import org.gantry.usage.Money;
import org.gantry.usage.Recommendation;

/**
 * The caller's monthly digest: each complete month of the last twelve in which their jobs
 * ran, with its figures, the diagnoses of its failed jobs and the advice drawn from them.
 * The same as the Atom feed {@code /api/v2/usage/digest.atom}.
 */
@Route("usage/digest")
@PageTitle("My digest · Gantry")
@Menu(title = "My digest", order = 3.5, icon = "vaadin:newspaper")
@PermitAll
class MyDigestView extends VerticalLayout {

    final Div months = new Div();

    MyDigestView(DigestService digest) {
        setId("my-digest");
        List<DigestService.Month> all = digest.mine();
        Money money = digest.money();
        Paragraph feed = new Paragraph("Follow it in a feed reader: GET /api/v2/usage/digest.atom with your token"
                + " (Authorization: Bearer), made under Settings: tokens. This month so far is on ");
        feed.add(new Anchor("usage", "My usage"), new Span("."));
        feed.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-top", "0");
        months.setId("digest-months");
        months.setWidthFull();
        months.getStyle().set("display", "flex").set("flex-direction", "column").set("gap", "var(--lumo-space-m)");
        if (all.isEmpty()) {
            Span empty = new Span("No complete month with jobs of yours yet. Submit a job from New job: the month's"
                    + " digest appears here once the month has ended.");
            empty.setId("digest-empty");
            months.add(empty);
        }
        all.forEach(m -> months.add(card(m, money)));
        add(new H2("My digest"), feed, months);
    }

    private static Div card(DigestService.Month m, Money money) {
        Div card = new Div();
        card.setId(m.month().toString());
        card.addClassName("digest-month");
        card.setWidthFull();
        card.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)").set("border-radius",
                "var(--lumo-border-radius-l)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                .set("box-sizing", "border-box").set("overflow-wrap", "anywhere");
        H3 title = new H3(DigestFeed.title(m.month()));
        title.getStyle().set("margin-top", "var(--lumo-space-xs)");
        Paragraph figures = new Paragraph(DigestFeed.figures(m, money));
        figures.addClassName("digest-figures");
        card.add(title, figures);
        if (!m.topDiagnoses().isEmpty()) {
            UnorderedList diagnoses = new UnorderedList();
            diagnoses.addClassName("digest-diagnoses");
            for (BehaviourService.DiagnosisCount d : m.topDiagnoses()) {
                ListItem item = new ListItem(d.phrase() + ": " + d.jobs() + (d.jobs() == 1 ? " job" : " jobs"));
                Recommendation.safe(d.link()).ifPresent(link -> {
                    Anchor how = new Anchor(link, "how to fix");
                    how.setTarget(AnchorTarget.BLANK);
                    item.add(new Span(" ("), how, new Span(")"));
                });
                diagnoses.add(item);
            }
            card.add(new H4("Diagnoses of failed jobs"), diagnoses);
        }
        card.add(new H4("Recommended for you"));
        if (m.recommendations().isEmpty()) {
            Span none = new Span("Nothing to advise: that month's jobs show no habit worth changing.");
            none.getStyle().set("color", "var(--lumo-secondary-text-color)");
            card.add(none);
        } else {
            UnorderedList advice = new UnorderedList();
            advice.addClassName("digest-recommendations");
            for (Recommendation r : m.recommendations()) {
                ListItem item = new ListItem();
                Span head = new Span(r.title() + ": ");
                head.getStyle().set("font-weight", "600");
                item.add(head, new Span(r.advice()));
                item.getElement().setAttribute("data-code", r.code());
                advice.add(item);
            }
            card.add(advice);
        }
        return card;
    }
}
