package org.gantry.marketplace.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import com.vaadin.flow.router.RouterLink;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.marketplace.GitItems;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketFiles;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketVersion;
import org.gantry.marketplace.Markdown;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.ReviewStatus;
import org.gantry.security.CurrentUser;

/**
 * An item: rendered description, template YAML with Use, versions with their changelog,
 * files (download, PDF and image preview), star and follow, and the author's and
 * administrators' actions. {@code /marketplace/item/<name>}.
 */
@Route("marketplace/item/:name")
@PermitAll
class ItemView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private static final DateTimeFormatter HISTORY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    final H2 title = new H2();
    final Span meta = new Span();
    final Span status = new Span();
    final HorizontalLayout actions = new HorizontalLayout();
    final Div description = new Div();
    final VerticalLayout versions = new VerticalLayout();
    final FilePanel files;
    final Pre yaml = new Pre();
    final VerticalLayout history = new VerticalLayout();
    private final MarketplaceService items;
    private final GitItems git;
    private final String viewer;
    private final boolean admin;
    private MarketItem item;

    ItemView(MarketplaceService items, GitItems git, MarketFiles marketFiles, CurrentUser currentUser) {
        this.items = items;
        this.git = git;
        this.viewer = currentUser.require();
        this.admin = currentUser.isAdmin();
        this.files = new FilePanel(marketFiles);
        setId("market-item");
        title.getStyle().set("margin", "0");
        meta.getStyle().set("color", "var(--lumo-secondary-text-color)");
        status.setId("item-status");
        actions.setId("item-actions");
        actions.getStyle().set("flex-wrap", "wrap");
        description.setId("item-description");
        description.setWidthFull();
        description.getStyle().set("max-width", "60em").set("overflow-wrap", "anywhere");
        yaml.setId("item-yaml");
        yaml.getStyle().set("font-size", "var(--lumo-font-size-s)").set("background", "var(--lumo-contrast-5pct)")
                .set("padding", "var(--lumo-space-m)").set("overflow", "auto").set("max-width", "100%")
                .set("box-sizing", "border-box").set("width", "100%");
        versions.setId("item-versions");
        versions.setPadding(false);
        versions.setSpacing(false);
        history.setId("item-history");
        history.setPadding(false);
        history.setSpacing(false);
    }

    static RouteParameters parameters(String name) {
        return new RouteParameters("name", name);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        String name = event.getRouteParameters().get("name").orElse("");
        Optional<MarketItem> found = items.find(name);
        if (found.isEmpty()) {
            event.rerouteToError(NotFoundException.class, "No marketplace item " + name
                    + " that you may see. Search the marketplace for it.");
            return;
        }
        if (found.get().following()) {
            items.markSeen(name);
        }
        show(found.get());
    }

    @Override
    public String getPageTitle() {
        return (item == null ? "Item" : item.displayName()) + " · Marketplace · Gantry";
    }

    void show(MarketItem shown) {
        this.item = shown;
        removeAll();
        boolean editor = admin || shown.author().equals(viewer);
        title.setText(shown.displayName());
        meta.setText(shown.type().label() + " · by " + shown.author() + " · version " + shown.publishedVersion()
                .map(String::valueOf).orElse("—") + " · ★ " + shown.starNumber() + " · used " + shown.useNumber()
                + " · downloads " + shown.downloadNumber() + " · " + shown.visibility().json()
                + shown.gitUrl().map(url -> " · from Git " + url + shown.gitRef().map(r -> " @ " + r).orElse(""))
                        .orElse(""));
        status.setText(statusText(shown));
        status.setVisible(editor && !status.getText().isEmpty());
        status.getElement().getThemeList().clear();
        status.getElement().getThemeList().add(shown.status() == ReviewStatus.REJECTED ? "badge error" : "badge");
        actions.removeAll();
        new ItemActions(items, git, shown, viewer, admin, this::reload).addTo(actions);
        add(new RouterLink("Marketplace", MarketplaceView.class), title, meta, status, actions);
        if (!shown.summary().isBlank()) {
            add(new Span(shown.summary()));
        }
        description.removeAll();
        description.add(new Html("<div>" + Markdown.toSafeHtml(shown.description()) + "</div>"));
        add(description);
        if (!shown.content().isBlank()) {
            add(new H3(shown.type() == ItemType.TEMPLATE ? "Job template" : "Content"));
            yaml.setText(shown.content());
            add(yaml);
        }
        add(new H3("Files"), files);
        files.show(shown, editor);
        add(new H3("Versions"), versions);
        versions.removeAll();
        for (MarketVersion v : items.versions(shown.name())) {
            Span line = new Span("v" + v.version() + " · " + v.status().json() + " · " + v.changelog() + " · "
                    + v.createdBy());
            line.getElement().setAttribute("data-version", Integer.toString(v.version()));
            versions.add(line);
        }
        if (editor) {
            add(new H3("History"), history);
            history.removeAll();
            for (MarketplaceService.AuditEntry entry : items.history(shown.name())) {
                history.add(new Span(HISTORY_TIME.format(entry.at()) + " · " + entry.actor() + " · " + entry.action()
                        + (entry.detail().isBlank() ? "" : " · " + entry.detail())));
            }
        }
    }

    private void reload() {
        items.find(item.name()).ifPresentOrElse(this::show, () -> {
            Notifications.success("Deleted " + item.name());
            UI.getCurrent().navigate(MarketplaceView.class);
        });
    }

    private static String statusText(MarketItem item) {
        return switch (item.status()) {
            case DRAFT -> "Draft: only you see this version. Submit it for review to publish it.";
            case PENDING -> "Waiting for review by an administrator.";
            case REJECTED -> "Rejected: " + item.statusReason() + " — revise it and submit it again.";
            case APPROVED -> "";
        };
    }

    /** The author's and administrators' buttons, and everyone's star, follow and Use. */
    static final class ItemActions {

        private final MarketplaceService items;
        private final GitItems git;
        private final MarketItem item;
        private final String viewer;
        private final boolean admin;
        private final Runnable changed;

        ItemActions(MarketplaceService items, GitItems git, MarketItem item, String viewer, boolean admin,
                    Runnable changed) {
            this.items = items;
            this.git = git;
            this.item = item;
            this.viewer = viewer;
            this.admin = admin;
            this.changed = changed;
        }

        void addTo(HorizontalLayout bar) {
            if (item.type() == ItemType.TEMPLATE) {
                int version = item.publishedVersion().orElse(item.latestVersion());
                Button use = new Button("Use", VaadinIcon.PLAY.create(), e -> UI.getCurrent().navigate("jobs/new",
                        QueryParameters.simple(Map.of("marketplace", item.name(), "version",
                                Integer.toString(version)))));
                use.setId("item-use");
                use.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
                bar.add(use);
            }
            bar.add(button(item.starred() ? "Unstar" : "Star", item.starred() ? VaadinIcon.STAR : VaadinIcon.STAR_O,
                    "item-star", () -> items.setStarred(item.name(), !item.starred())));
            bar.add(button(item.following() ? "Unfollow" : "Follow", VaadinIcon.BELL, "item-follow",
                    () -> items.setFollowing(item.name(), !item.following())));
            boolean author = item.author().equals(viewer);
            if (author || admin) {
                Button revise = new Button("Edit", VaadinIcon.EDIT.create(),
                        e -> new VersionDialog(items, item, changed).open());
                revise.setId("item-new-version");
                bar.add(revise);
                if (item.gitUrl().isPresent()) {
                    bar.add(button("Refresh from Git", VaadinIcon.REFRESH, "item-git-refresh",
                            () -> git.refresh(item.name())));
                }
                if (item.status() == ReviewStatus.DRAFT || item.status() == ReviewStatus.REJECTED) {
                    bar.add(button("Submit for review", VaadinIcon.PAPERPLANE, "item-submit",
                            () -> items.setStatus(item.name(), ReviewStatus.PENDING, "")));
                }
            }
            if (admin) {
                bar.add(button(item.official() ? "Not official" : "Mark official", VaadinIcon.CHECK_CIRCLE,
                        "item-official", () -> items.setCategories(item.name(), official(!item.official()))));
                bar.add(categories());
                if (item.publishedVersion().isPresent() && item.visibility().json().equals("public")) {
                    bar.add(button("Unpublish", VaadinIcon.EYE_SLASH, "item-unpublish",
                            () -> items.setStatus(item.name(), ReviewStatus.DRAFT, "Unpublished")));
                }
            }
            if (author || admin) {
                Button delete = button("Delete", VaadinIcon.TRASH, "item-delete", () -> items.delete(item.name()));
                delete.addThemeVariants(ButtonVariant.LUMO_ERROR);
                bar.add(delete);
            }
        }

        /** Administrators file the item under the categories they manage (Admin: marketplace review). */
        private MultiSelectComboBox<String> categories() {
            MultiSelectComboBox<String> box = new MultiSelectComboBox<>();
            box.setId("item-categories");
            box.setPlaceholder("Categories");
            box.setAriaLabel("Categories");
            box.setItems(items.categories());
            box.setValue(new LinkedHashSet<>(item.categories()));
            box.setWidth("16em");
            box.addValueChangeListener(e -> {
                try {
                    items.setCategories(item.name(), new ArrayList<>(e.getValue()));
                    changed.run();
                } catch (MarketplaceException refused) {
                    Notifications.error(refused.getMessage());
                }
            });
            return box;
        }

        private List<String> official(boolean on) {
            List<String> categories = new ArrayList<>(item.categories());
            categories.remove(MarketItem.OFFICIAL);
            if (on) {
                categories.add(0, MarketItem.OFFICIAL);
            }
            return categories;
        }

        private Button button(String text, VaadinIcon icon, String id, Runnable action) {
            Button button = new Button(text, icon.create(), e -> {
                try {
                    action.run();
                    changed.run();
                } catch (MarketplaceException refused) {
                    Notifications.error(refused.getMessage());
                }
            });
            button.setId(id);
            return button;
        }
    }
}
