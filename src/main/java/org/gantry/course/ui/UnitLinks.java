package org.gantry.course.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.gantry.base.ui.Notifications;
import org.gantry.course.Course;
import org.gantry.course.CourseUnits;
import org.gantry.course.Unit;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketQuery;
import org.gantry.marketplace.MarketSearch;

/** A unit's links to marketplace items in the course editor: each with Remove, and a search to add one. */
class UnitLinks extends VerticalLayout {

    final ComboBox<MarketItem> item = new ComboBox<>("Link a marketplace item");
    final Button link = new Button("Link", VaadinIcon.LINK.create());

    UnitLinks(Course course, Unit unit, CourseUnits units, MarketSearch market, Consumer<Supplier<?>> run) {
        setPadding(false);
        setSpacing(false);
        addClassName("unit-links");
        for (Unit.Link l : unit.links()) {
            Anchor open = new Anchor("marketplace/item/" + l.item(), l.displayName() + " (" + l.type() + ")");
            Button remove = new Button("Remove", VaadinIcon.UNLINK.create(), e -> run.accept(() -> units.unlink(
                    course.id(), unit.id(), l.item())));
            remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_SMALL);
            remove.getElement().setAttribute("data-link", l.item());
            HorizontalLayout row = new HorizontalLayout(VaadinIcon.SHOP.create(), open, remove);
            row.setAlignItems(FlexComponent.Alignment.CENTER);
            row.addClassName("editor-link");
            add(row);
        }
        item.setPlaceholder("Search items by name");
        item.setItemLabelGenerator(i -> i.displayName() + " (" + i.type().name().toLowerCase() + ", " + i.name() + ")");
        // the search's own paging: as-you-type results of items the instructor may see (names only: no excerpts)
        item.setItems(query -> market.search(MarketQuery.all().withQ(query.getFilter().orElse("")).withPrefix(true)
                .withHighlight(false), false).items().stream().skip(query.getOffset()).limit(query.getLimit()));
        item.setWidth("22em");
        item.setMaxWidth("100%");
        link.addClickListener(e -> {
            if (item.getValue() == null) {
                Notifications.error("Choose the marketplace item to link first: type part of its name.");
                return;
            }
            run.accept(() -> units.link(course.id(), unit.id(), item.getValue().name()));
        });
        HorizontalLayout adding = new HorizontalLayout(item, link);
        adding.setAlignItems(FlexComponent.Alignment.BASELINE);
        adding.getStyle().set("flex-wrap", "wrap");
        add(adding);
    }
}
