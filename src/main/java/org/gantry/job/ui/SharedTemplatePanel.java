package org.gantry.job.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import org.gantry.job.SharedTemplates;

/**
 * On a job's page: the shared template it came from (and whether a newer version exists,
 * with what changed), and for its owner "Save as template".
 */
class SharedTemplatePanel extends HorizontalLayout {

    private final SharedTemplates templates;
    private String owner = "";

    SharedTemplatePanel(SharedTemplates templates) {
        this.templates = templates;
        setId("shared-template");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        getStyle().set("flex-wrap", "wrap");
    }

    /** Shows the job's origin; call on a request thread (it reads as the signed-in viewer). */
    void show(String owner, String jobName, boolean own) {
        removeAll();
        this.owner = owner;
        templates.origin(owner, jobName).ifPresent(origin -> {
            Span from = new Span("From template ");
            Anchor item = new Anchor("marketplace/item/" + origin.item(), origin.item());
            Span version = new Span(" version " + origin.version() + ".");
            version.setId("template-version");
            add(from, item, version);
            if (origin.newerExists()) {
                Span newer = new Span("Version " + origin.newestVersion() + " is newer.");
                newer.setId("template-newer");
                newer.getElement().getThemeList().add("badge");
                Pre diff = new Pre(String.join("\n", origin.diff()));
                diff.getStyle().set("font-size", "var(--lumo-font-size-xs)").set("max-height", "20em")
                        .set("overflow", "auto");
                Anchor use = new Anchor("jobs/new?marketplace=" + origin.item() + "&version=" + origin.newestVersion(),
                        "Use version " + origin.newestVersion());
                add(newer, use, new Details("What changed", diff));
            }
        });
        if (own) {
            Button save = new Button("Save as template", VaadinIcon.SHOP.create(), e -> askName(jobName));
            save.setId("save-as-template");
            save.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
            add(save);
        }
    }

    private void askName(String jobName) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle("Save " + jobName + " as a template");
        TextField name = new TextField("Item name");
        name.setId("template-name");
        name.setHelperText("Lower-case letters, digits and '-'. The item starts private; secrets are left out.");
        name.setValue(jobName.toLowerCase().replaceAll("[^a-z0-9-]", "-"));
        name.setWidthFull();
        Button save = new Button("Save", e -> {
            try {
                String item = templates.saveAsTemplate(owner, jobName, name.getValue().strip());
                dialog.close();
                UI.getCurrent().navigate("marketplace/item/" + item);
            } catch (RuntimeException refused) {
                name.setInvalid(true);
                name.setErrorMessage(refused.getMessage());
            }
        });
        save.setId("template-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(name);
        dialog.getFooter().add(new Button("Cancel", e -> dialog.close()), save);
        dialog.open();
    }

}
