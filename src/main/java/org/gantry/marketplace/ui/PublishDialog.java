package org.gantry.marketplace.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.gantry.marketplace.GitItems;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.Visibility;

/**
 * Creates an item: private and group items are published at once, public ones go to review.
 * With a Git repository (code, template, example) the README becomes the description and a
 * job YAML the template.
 */
class PublishDialog extends Dialog {

    final TextField name = new TextField("Name (in links)");
    final TextField displayName = new TextField("Display name");
    final ComboBox<ItemType> type = new ComboBox<>("Type");
    final Select<Visibility> visibility = new Select<>();
    final TextField groups = new TextField("Groups (comma separated)");
    final TextField summary = new TextField("Summary");
    final TextField tags = new TextField("Tags (comma separated)");
    final TextArea description = new TextArea("Description (Markdown)");
    final TextArea content = new TextArea("Content: template YAML, image URI, data URI or plugin JSON");
    final TextField gitUrl = new TextField("Git repository (optional)");
    final TextField gitRef = new TextField("Branch or tag");
    final Span error = new Span();
    final Button save = new Button("Publish");

    PublishDialog(MarketplaceService items, GitItems git, Consumer<MarketItem> created) {
        setHeaderTitle("Publish to the marketplace");
        setWidth("min(40em, 95vw)");
        name.setId("publish-name");
        name.setMaxLength(ItemDraft.NAME_MAX);
        name.setHelperText("Lower-case letters, digits and '-'; never changes.");
        displayName.setId("publish-display-name");
        displayName.setMaxLength(ItemDraft.DISPLAY_NAME_MAX);
        type.setId("publish-type");
        type.setItems(ItemType.values());
        type.setItemLabelGenerator(ItemType::label);
        type.setValue(ItemType.TEMPLATE);
        visibility.setLabel("Visibility");
        visibility.setId("publish-visibility");
        visibility.setItems(Visibility.values());
        visibility.setItemLabelGenerator(v -> switch (v) {
            case PUBLIC -> "Public (after review)";
            case PRIVATE -> "Private";
            case GROUPS -> "My groups";
        });
        visibility.setValue(Visibility.PRIVATE);
        groups.setVisible(false);
        visibility.addValueChangeListener(e -> groups.setVisible(e.getValue() == Visibility.GROUPS));
        summary.setId("publish-summary");
        summary.setMaxLength(ItemDraft.SUMMARY_MAX);
        description.setId("publish-description");
        description.setMaxLength(ItemDraft.DESCRIPTION_MAX);
        content.setId("publish-content");
        content.setMaxLength(ItemDraft.CONTENT_MAX);
        gitUrl.setId("publish-git-url");
        gitUrl.setHelperText("Code, template or example: its README becomes the description and a job YAML the"
                + " template; refresh it later from the item's page.");
        gitUrl.setMaxLength(1024);
        gitRef.setId("publish-git-ref");
        gitRef.setPlaceholder("default branch");
        gitRef.setMaxLength(255);
        gitUrl.addValueChangeListener(e -> {
            boolean fromGit = !e.getValue().isBlank();
            description.setEnabled(!fromGit);
            content.setEnabled(!fromGit);
        });
        error.setId("publish-error");
        error.getStyle().set("color", "var(--lumo-error-text-color)");
        FormLayout form = new FormLayout(name, displayName, type, visibility, groups, summary, tags, gitUrl, gitRef,
                description, content);
        form.setColspan(description, 2);
        form.setColspan(content, 2);
        form.setColspan(summary, 2);
        add(form, error);
        save.setId("publish-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            try {
                MarketItem item = !gitUrl.getValue().isBlank() ? fromGit(git) : items.create(new ItemDraft(Optional.of(name.getValue().strip()),
                        Optional.of(displayName.getValue().isBlank() ? name.getValue().strip() : displayName.getValue()),
                        Optional.ofNullable(type.getValue()), Optional.of(summary.getValue()),
                        Optional.of(description.getValue()), Optional.of(content.getValue()),
                        Optional.of(list(tags.getValue())), Optional.ofNullable(visibility.getValue()),
                        Optional.of(list(groups.getValue())), "First version", true));
                close();
                created.accept(item);
            } catch (MarketplaceException refused) {
                error.setText(refused.getMessage());
            }
        });
        getFooter().add(new Button("Cancel", e -> close()), save);
    }

    private MarketItem fromGit(GitItems git) {
        return git.create(name.getValue().strip(), type.getValue(), gitUrl.getValue().strip(),
                Optional.of(gitRef.getValue().strip()).filter(r -> !r.isEmpty()), summary.getValue(),
                visibility.getValue(), list(groups.getValue()));
    }

    static List<String> list(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
