package org.gantry.marketplace.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouterLink;
import jakarta.annotation.security.RolesAllowed;
import org.gantry.base.ui.Notifications;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.ReviewStatus;

/**
 * Administrators' curation: the review queue (each pending version with its diff against the
 * last approved one) and the categories items are filed under ("official" is built in).
 */
@Route("admin/marketplace-review")
@PageTitle("Marketplace review · Gantry")
@Menu(title = "Admin: marketplace review", order = 93, icon = "vaadin:check-square-o")
@RolesAllowed("ADMIN")
class ReviewView extends VerticalLayout {

    final VerticalLayout queue = new VerticalLayout();
    final VerticalLayout categories = new VerticalLayout();
    final TextField newCategory = new TextField();
    final Button addCategory = new Button("Add category");
    private final MarketplaceService items;

    ReviewView(MarketplaceService items) {
        this.items = items;
        setId("market-review");
        queue.setPadding(false);
        categories.setPadding(false);
        categories.setSpacing(false);
        categories.setId("market-categories");
        newCategory.setId("new-category");
        newCategory.setPlaceholder("new-category");
        newCategory.setHelperText("Lower-case letters, digits and '-'. File items under it from their page.");
        addCategory.setId("add-category");
        addCategory.addClickListener(e -> {
            try {
                items.addCategory(newCategory.getValue().strip());
                newCategory.clear();
                refreshCategories();
            } catch (MarketplaceException refused) {
                newCategory.setInvalid(true);
                newCategory.setErrorMessage(refused.getMessage());
            }
        });
        HorizontalLayout adder = new HorizontalLayout(newCategory, addCategory);
        adder.setAlignItems(Alignment.BASELINE);
        adder.getStyle().set("flex-wrap", "wrap");
        add(new H2("Marketplace review"), queue, new H3("Categories"), categories, adder);
        refresh();
        refreshCategories();
    }

    void refreshCategories() {
        categories.removeAll();
        for (String name : items.categories()) {
            Span label = new Span(name);
            label.setMinWidth("10em");
            HorizontalLayout row = new HorizontalLayout(label);
            row.setAlignItems(Alignment.CENTER);
            row.getElement().setAttribute("data-category", name);
            if (MarketItem.OFFICIAL.equals(name)) {
                Span builtIn = new Span("built in: the Official view");
                builtIn.getStyle().set("color", "var(--lumo-secondary-text-color)");
                row.add(builtIn);
            } else {
                Button remove = new Button("Remove", e -> {
                    items.removeCategory(name);
                    Notifications.success("Removed category " + name + " from every item");
                    refreshCategories();
                });
                remove.setId("remove-category-" + name);
                remove.addThemeVariants(ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
                row.add(remove);
            }
            categories.add(row);
        }
    }

    void refresh() {
        queue.removeAll();
        var reviews = items.reviewQueue();
        if (reviews.isEmpty()) {
            Paragraph empty = new Paragraph("Nothing waits for review. Public items appear here when their authors"
                    + " submit them.");
            empty.setId("review-empty");
            queue.add(empty);
        }
        for (MarketplaceService.Review review : reviews) {
            String name = review.item().name();
            RouterLink link = new RouterLink(review.item().displayName(), ItemView.class, ItemView.parameters(name));
            Span about = new Span(" by " + review.item().author() + " · version " + review.pending().version() + " · "
                    + review.pending().changelog() + review.approvedVersion().map(v -> " · compared with version " + v)
                    .orElse(" · first version"));
            Pre diff = new Pre(String.join("\n", review.diff()));
            diff.getStyle().set("font-size", "var(--lumo-font-size-xs)").set("max-height", "24em")
                    .set("overflow", "auto").set("background", "var(--lumo-contrast-5pct)")
                    .set("padding", "var(--lumo-space-s)").set("width", "100%").set("box-sizing", "border-box");
            TextField reason = new TextField();
            reason.setPlaceholder("Reason (shown to the author)");
            reason.setId("reason-" + name);
            Button approve = new Button("Approve", e -> decide(name, ReviewStatus.APPROVED, ""));
            approve.setId("approve-" + name);
            approve.addThemeVariants(ButtonVariant.LUMO_SUCCESS, ButtonVariant.LUMO_PRIMARY);
            Button reject = new Button("Reject", e -> decide(name, ReviewStatus.REJECTED, reason.getValue()));
            reject.setId("reject-" + name);
            reject.addThemeVariants(ButtonVariant.LUMO_ERROR);
            HorizontalLayout buttons = new HorizontalLayout(approve, reason, reject);
            buttons.getStyle().set("flex-wrap", "wrap");
            Div card = new Div(new H3(link), about, diff, buttons);
            card.addClassName("review-card");
            card.setWidthFull();
            queue.add(card);
        }
    }

    private void decide(String name, ReviewStatus status, String reason) {
        try {
            items.setStatus(name, status, reason);
            Notifications.success((status == ReviewStatus.APPROVED ? "Approved " : "Rejected ") + name);
            refresh();
        } catch (MarketplaceException refused) {
            Notifications.error(refused.getMessage());
        }
    }
}
