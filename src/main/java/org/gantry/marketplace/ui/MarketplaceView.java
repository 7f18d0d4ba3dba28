package org.gantry.marketplace.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.tabs.Tab;
import com.vaadin.flow.component.tabs.Tabs;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.marketplace.GitItems;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketPage;
import org.gantry.marketplace.MarketQuery;
import org.gantry.marketplace.MarketSearch;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.Visibility;

/**
 * The marketplace browser: results as you type, facets (type, category, tag, author), sorts,
 * the All / Official / Mine / Starred views (Mine with Public or Private: the author's public
 * and private items), Updates (followed items with a new version), cards. The URL follows the search
 * ({@code /marketplace?q=…&type=…&view=…}) so that a search can be linked.
 */
@Route("marketplace")
@PageTitle("Marketplace · Gantry")
@Menu(title = "Marketplace", order = 3, icon = "vaadin:shop")
@PermitAll
class MarketplaceView extends VerticalLayout implements BeforeEnterObserver {

    static final int PAGE = 48;
    private static final List<String> VIEWS = List.of("all", "official", "mine", "starred", "updates");

    final TextField search = new TextField();
    final Tabs views = new Tabs();
    final ComboBox<ItemType> type = new ComboBox<>("Type");
    final ComboBox<String> category = new ComboBox<>("Category");
    final ComboBox<String> tag = new ComboBox<>("Tag");
    final ComboBox<String> author = new ComboBox<>("Author");
    final ComboBox<Visibility> visibility = new ComboBox<>("Visibility");
    final Select<MarketQuery.Sort> sort = new Select<>();
    final HorizontalLayout facets = new HorizontalLayout();
    final Div results = new Div();
    final Span total = new Span();
    final Button publish = new Button("Publish", VaadinIcon.PLUS.create());
    private final MarketSearch searcher;
    private final MarketplaceService items;
    private boolean loading;

    MarketplaceView(MarketSearch searcher, MarketplaceService items, GitItems git) {
        this.searcher = searcher;
        this.items = items;
        setId("marketplace");
        H2 title = new H2("Marketplace");
        title.getStyle().set("margin", "0");
        publish.setId("market-publish");
        publish.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        publish.addClickListener(e -> new PublishDialog(items, git, created -> UI.getCurrent().navigate(ItemView.class,
                ItemView.parameters(created.name()))).open());
        HorizontalLayout header = new HorizontalLayout(title, publish);
        header.setWidthFull();
        header.setAlignItems(FlexComponent.Alignment.CENTER);
        header.expand(title);

        search.setId("market-search");
        search.setPlaceholder("Search templates, images, data, code, files…");
        search.setPrefixComponent(VaadinIcon.SEARCH.create());
        search.setClearButtonVisible(true);
        search.setWidthFull();
        search.setMaxLength(MarketQuery.Q_MAX);
        search.setValueChangeMode(ValueChangeMode.LAZY);
        search.setValueChangeTimeout(200);
        search.addValueChangeListener(e -> refresh());

        for (String view : VIEWS) {
            Tab tab = new Tab(view.substring(0, 1).toUpperCase() + view.substring(1));
            tab.setId("market-view-" + view);
            views.add(tab);
        }
        views.addSelectedChangeListener(e -> refresh());

        type.setItems(ItemType.values());
        type.setItemLabelGenerator(ItemType::label);
        type.setId("market-type");
        category.setId("market-category");
        tag.setId("market-tag");
        author.setId("market-author");
        visibility.setId("market-visibility");
        visibility.setItems(Visibility.values());
        visibility.setItemLabelGenerator(v -> switch (v) {
            case PUBLIC -> "Public";
            case PRIVATE -> "Private";
            case GROUPS -> "My groups";
        });
        sort.setLabel("Sort");
        sort.setItems(MarketQuery.Sort.values());
        sort.setItemLabelGenerator(s -> switch (s) {
            case RELEVANCE -> "Relevance";
            case STARS -> "Stars";
            case USE -> "Most used";
            case NEWEST -> "Newest";
        });
        sort.setValue(MarketQuery.Sort.RELEVANCE);
        sort.setId("market-sort");
        for (var field : List.<ComboBox<?>>of(type, category, tag, author, visibility)) {
            field.setClearButtonVisible(true);
            field.setWidth("11em");
            field.addValueChangeListener(e -> refresh());
        }
        sort.setWidth("10em");
        sort.addValueChangeListener(e -> refresh());
        facets.add(type, category, tag, author, visibility, sort);
        facets.getStyle().set("flex-wrap", "wrap");
        facets.setWidthFull();

        total.setId("market-total");
        total.getStyle().set("color", "var(--lumo-secondary-text-color)");
        results.setId("market-results");
        results.setWidthFull();
        results.getStyle().set("display", "grid").set("gap", "var(--lumo-space-m)")
                .set("grid-template-columns", "repeat(auto-fill, minmax(min(100%, 18em), 1fr))");
        add(header, search, views, facets, total, results);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        loading = true;
        var params = event.getLocation().getQueryParameters();
        search.setValue(params.getSingleParameter("q").orElse(""));
        type.setValue(params.getSingleParameter("type").flatMap(ItemType::parse).orElse(null));
        preset(tag, params.getSingleParameter("tag"));
        preset(category, params.getSingleParameter("category"));
        preset(author, params.getSingleParameter("author"));
        visibility.setValue(params.getSingleParameter("visibility").flatMap(Visibility::parse).orElse(null));
        sort.setValue(params.getSingleParameter("sort").flatMap(s -> Arrays.stream(MarketQuery.Sort.values())
                .filter(v -> v.name().equalsIgnoreCase(s)).findFirst()).orElse(MarketQuery.Sort.RELEVANCE));
        int view = VIEWS.indexOf(params.getSingleParameter("view").orElse("all"));
        views.setSelectedIndex(Math.max(0, view));
        loading = false;
        refresh();
    }

    void refresh() {
        if (loading) {
            return;
        }
        String view = VIEWS.get(Math.max(0, views.getSelectedIndex()));
        MarketQuery query = MarketQuery.all().withQ(search.getValue()).withPrefix(true)
                .withType(Optional.ofNullable(type.getValue())).withTag(Optional.ofNullable(tag.getValue()))
                .withCategory(Optional.ofNullable(category.getValue()))
                .withAuthor(Optional.ofNullable(author.getValue()))
                .withVisibility(Optional.ofNullable(visibility.getValue()))
                .withViews(view.equals("official"), view.equals("starred"), view.equals("mine"))
                .withSort(sort.getValue()).withPage(0, PAGE);
        // Updates are the followed items with a new version: search and facets do not apply.
        search.setVisible(!view.equals("updates"));
        facets.setVisible(!view.equals("updates"));
        MarketPage page;
        try {
            page = view.equals("updates") ? updates() : searcher.search(query, true);
        } catch (MarketplaceException e) {
            results.removeAll();
            total.setText(e.getMessage());
            return;
        }
        results.removeAll();
        for (MarketItem item : page.items()) {
            ItemCard card = new ItemCard(item);
            if (view.equals("updates")) {
                card.note("New: version " + item.publishedVersion().orElse(item.latestVersion()));
            }
            results.add(card);
        }
        total.setText(page.totalText());
        if (page.items().isEmpty()) {
            results.add(emptyState(view));
        }
        // New facet items may reset a box's value: that must not search again.
        loading = true;
        facet(category, page.facets().get("category"));
        facet(tag, page.facets().get("tag"));
        facet(author, page.facets().get("author"));
        loading = false;
        updateUrl(view);
    }

    /** Followed items with a version the viewer has not seen; facets keep their last offer. */
    private MarketPage updates() {
        List<MarketItem> updated = items.followedUpdates();
        return new MarketPage(updated, updated.size(), false, Map.of());
    }

    private Div emptyState(String view) {
        String text = switch (view) {
            case "mine" -> "You have not published anything yet. Publish an item, or open one of your jobs and"
                    + " choose \"Save as template\".";
            case "starred" -> "You have starred nothing yet. Open an item and press the star to find it here.";
            case "updates" -> "No new versions of the items you follow. Open an item and press Follow to see its"
                    + " new versions here.";
            case "official" -> "No official items match. Administrators mark items official from an item's page.";
            default -> search.getValue().isBlank() ? "The marketplace is empty. Be the first: press Publish."
                    : "Nothing matches \"" + search.getValue() + "\". Try fewer or other words, or clear the filters.";
        };
        Div empty = new Div(new Paragraph(text));
        empty.setId("market-empty");
        empty.getStyle().set("grid-column", "1 / -1").set("color", "var(--lumo-secondary-text-color)");
        return empty;
    }

    /** A facet box gets its items from the first search: until then it offers the linked value alone. */
    private static void preset(ComboBox<String> box, Optional<String> value) {
        value.ifPresentOrElse(v -> {
            box.setItems(List.of(v));
            box.setValue(v);
        }, box::clear);
    }

    /** Keeps the chosen value; offers the values with their counts among all that match. */
    private static void facet(ComboBox<String> box, Map<String, Long> counts) {
        if (counts == null) {
            return;
        }
        String chosen = box.getValue();
        Map<String, Long> shown = new LinkedHashMap<>(counts);
        if (chosen != null) {
            shown.putIfAbsent(chosen, 0L);
        }
        box.setItems(shown.keySet());
        box.setItemLabelGenerator(k -> k + " (" + shown.getOrDefault(k, 0L) + ")");
        if (chosen != null) {
            box.setValue(chosen);
        }
    }

    private void updateUrl(String view) {
        Map<String, String> params = new LinkedHashMap<>();
        if (!search.getValue().isBlank()) {
            params.put("q", search.getValue());
        }
        Optional.ofNullable(type.getValue()).ifPresent(t -> params.put("type", t.json()));
        Optional.ofNullable(category.getValue()).ifPresent(c -> params.put("category", c));
        Optional.ofNullable(tag.getValue()).ifPresent(t -> params.put("tag", t));
        Optional.ofNullable(author.getValue()).ifPresent(a -> params.put("author", a));
        Optional.ofNullable(visibility.getValue()).ifPresent(v -> params.put("visibility", v.json()));
        if (!view.equals("all")) {
            params.put("view", view);
        }
        if (sort.getValue() != MarketQuery.Sort.RELEVANCE) {
            params.put("sort", sort.getValue().name().toLowerCase());
        }
        String query = QueryParameters.simple(params).getQueryString();
        getUI().ifPresent(ui -> ui.getPage().getHistory().replaceState(null, "marketplace"
                + (query.isEmpty() ? "" : "?" + query)));
    }
}
