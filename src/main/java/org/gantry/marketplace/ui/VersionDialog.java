package org.gantry.marketplace.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketVersion;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.Visibility;

/** Publishes a new version of an item: its fields as the latest version has them, and a changelog line. */
class VersionDialog extends Dialog {

    final TextField summary = new TextField("Summary");
    final TextArea description = new TextArea("Description (Markdown)");
    final TextArea content = new TextArea("Content");
    final TextField changelog = new TextField("What changed (one line)");
    final Select<Visibility> visibility = new Select<>();
    final Span error = new Span();

    VersionDialog(MarketplaceService items, MarketItem item, Runnable saved) {
        setHeaderTitle("New version of " + item.displayName());
        setWidth("min(48em, 95vw)");
        MarketVersion latest = items.version(item.name(), item.latestVersion());
        summary.setValue(latest.summary());
        summary.setWidthFull();
        description.setValue(latest.description());
        description.setWidthFull();
        description.setId("version-description");
        content.setValue(latest.content());
        content.setWidthFull();
        content.setId("version-content");
        changelog.setWidthFull();
        changelog.setRequired(true);
        changelog.setMaxLength(ItemDraft.CHANGELOG_MAX);
        changelog.setId("version-changelog");
        visibility.setLabel("Visibility");
        visibility.setId("version-visibility");
        visibility.setItems(Visibility.values());
        visibility.setItemLabelGenerator(v -> switch (v) {
            case PUBLIC -> "Public (after review)";
            case PRIVATE -> "Private";
            case GROUPS -> "My groups (as set)";
        });
        visibility.setValue(item.visibility());
        error.getStyle().set("color", "var(--lumo-error-text-color)");
        add(visibility, summary, description, content, changelog, error);
        Button save = new Button("Publish version " + (item.latestVersion() + 1), e -> {
            try {
                items.update(item.name(), ItemDraft.change(changelog.getValue())
                        .withDescription(description.getValue()).withContent(content.getValue())
                        .withSummary(summary.getValue()).withVisibility(visibility.getValue()));
                close();
                saved.run();
            } catch (MarketplaceException refused) {
                error.setText(refused.getMessage());
            }
        });
        save.setId("version-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button("Cancel", e -> close()), save);
    }
}
