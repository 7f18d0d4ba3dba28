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

/**
 * Edits an item in place: its display name, summary, tags, description, content and
 * visibility as the latest version has them, saved as a new version with a changelog line.
 */
class VersionDialog extends Dialog {

    final TextField displayName = new TextField("Display name");
    final TextField summary = new TextField("Summary");
    final TextField tags = new TextField("Tags (comma separated)");
    final TextArea description = new TextArea("Description (Markdown)");
    final TextArea content = new TextArea("Content");
    final TextField changelog = new TextField("What changed (one line)");
    final Select<Visibility> visibility = new Select<>();
    final Span error = new Span();

    VersionDialog(MarketplaceService items, MarketItem item, Runnable saved) {
        setHeaderTitle("New version of " + item.displayName());
        setWidth("min(48em, 95vw)");
        MarketVersion latest = items.version(item.name(), item.latestVersion());
        displayName.setValue(latest.displayName());
        displayName.setWidthFull();
        displayName.setMaxLength(ItemDraft.DISPLAY_NAME_MAX);
        displayName.setId("version-display-name");
        tags.setValue(String.join(", ", latest.tags()));
        tags.setWidthFull();
        tags.setId("version-tags");
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
        add(visibility, displayName, summary, tags, description, content, changelog, error);
        Button save = new Button("Publish version " + (item.latestVersion() + 1), e -> {
            try {
                items.update(item.name(), ItemDraft.change(changelog.getValue())
                        .withDescription(description.getValue()).withContent(content.getValue())
                        .withSummary(summary.getValue()).withVisibility(visibility.getValue())
                        .withDisplayName(displayName.getValue().isBlank() ? item.name() : displayName.getValue())
                        .withTags(PublishDialog.list(tags.getValue())));
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
