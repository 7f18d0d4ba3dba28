package org.gantry.marketplace.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouterLink;
import jakarta.annotation.security.RolesAllowed;
import org.gantry.base.ui.Notifications;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.ReviewStatus;

/** Administrators' review queue: each pending version with its diff against the last approved one. */
@Route("admin/marketplace-review")
@PageTitle("Marketplace review · Gantry")
@Menu(title = "Admin: marketplace review", order = 93, icon = "vaadin:check-square-o")
@RolesAllowed("ADMIN")
class ReviewView extends VerticalLayout {

    final VerticalLayout queue = new VerticalLayout();
    private final MarketplaceService items;

    ReviewView(MarketplaceService items) {
        this.items = items;
        setId("market-review");
        queue.setPadding(false);
        add(new H2("Marketplace review"), queue);
        refresh();
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
