package org.gantry.marketplace.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.RouterLink;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketItem;

/** One search result: type icon, name, summary (or the highlighted match), stars and uses. */
class ItemCard extends Div {

    ItemCard(MarketItem item) {
        addClassName("market-card");
        getElement().setAttribute("data-item", item.name());
        getStyle().set("border", "1px solid var(--lumo-contrast-10pct)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("padding", "var(--lumo-space-m)").set("display", "flex").set("flex-direction", "column")
                .set("gap", "var(--lumo-space-xs)").set("background", "var(--lumo-base-color)")
                .set("box-sizing", "border-box").set("min-width", "0");
        Icon icon = icon(item.type()).create();
        icon.setSize("var(--lumo-icon-size-s)");
        icon.getStyle().set("color", "var(--lumo-primary-color)");
        RouterLink title = new RouterLink(item.displayName(), ItemView.class, ItemView.parameters(item.name()));
        title.getStyle().set("font-weight", "600");
        Div head = new Div(icon, new Span(" "), title);
        Span meta = new Span(item.type().label() + " · " + item.author());
        meta.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        add(head, meta);
        if (item.official()) {
            Span official = new Span("Official");
            official.getElement().getThemeList().add("badge success small");
            head.add(new Span(" "), official);
        }
        if (item.highlight().filter(h -> !h.isBlank()).isPresent()) {
            // Already cleaned to text with <mark> only (MarketplaceService).
            add(new Html("<div class=\"market-highlight\">" + item.highlight().get() + "</div>"));
        } else {
            add(new Span(item.summary()));
        }
        Span counts = new Span("★ " + item.starNumber() + " · used " + item.useNumber() + " · downloads "
                + item.downloadNumber() + (item.visibility().json().equals("public") ? "" : " · "
                + item.visibility().json()) + (item.status().json().equals("approved") ? "" : " · "
                + item.status().json()));
        counts.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        add(counts);
    }

    /** A line under the counts, in the primary colour: why this card is shown (a new version). */
    void note(String text) {
        Span note = new Span(text);
        note.addClassName("market-card-note");
        note.getStyle().set("color", "var(--lumo-primary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        add(note);
    }

    static VaadinIcon icon(ItemType type) {
        return switch (type) {
            case TEMPLATE -> VaadinIcon.FILE_CODE;
            case IMAGE -> VaadinIcon.PACKAGE;
            case DATA -> VaadinIcon.DATABASE;
            case FILE -> VaadinIcon.FILE_TEXT_O;
            case CODE -> VaadinIcon.CODE;
            case EXAMPLE -> VaadinIcon.ACADEMY_CAP;
            case PLUGIN -> VaadinIcon.PLUG;
        };
    }
}
