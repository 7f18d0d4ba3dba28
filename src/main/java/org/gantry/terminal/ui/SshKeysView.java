package org.gantry.terminal.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.gantry.base.ui.Notifications;
import org.gantry.security.CurrentUser;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKey;
import org.gantry.terminal.SshKeyCodec;
import org.gantry.terminal.SshKeyException;
import org.gantry.terminal.SshKeyService;

/** Settings › SSH keys: the keys that let the user into their tasks over SSH. */
@Route("settings/ssh-keys")
@PageTitle("SSH keys · Gantry")
@Menu(title = "Settings: SSH keys", order = 82, icon = "vaadin:terminal")
@PermitAll
class SshKeysView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    final Grid<SshKey> grid = new Grid<>(SshKey.class, false);
    final TextField name = new TextField("Name");
    final TextArea publicKey = new TextArea("Public key");
    final Button add = new Button("Add key", VaadinIcon.PLUS.create());
    final TextField generatedName = new TextField("Name");
    final Select<SshKeyCodec.KeyKind> kind = new Select<>();
    final Button generate = new Button("Generate key pair", VaadinIcon.KEY.create());

    private final SshKeyService keys;
    private final String username;

    SshKeysView(SshKeyService keys, CurrentUser currentUser, SshGateway gateway) {
        this.keys = keys;
        this.username = currentUser.require();
        setMaxWidth("70em");
        add(new H2("SSH keys"), new Paragraph("A key here lets you into your running tasks with any SSH client: "
                + "ssh -p " + gateway.port() + " <you>~<job>[~<taskRole>[~<index>]]@" + gateway.advertisedHost()
                + ". The gateway's host key is " + gateway.hostKeyFingerprint() + "."));
        configureGrid();
        add(grid, addForm(), generateForm());
        refresh();
    }

    private void configureGrid() {
        grid.setId("ssh-keys");
        grid.addColumn(SshKey::getName).setHeader("Name").setAutoWidth(true);
        grid.addColumn(SshKey::getKeyType).setHeader("Type").setAutoWidth(true);
        grid.addColumn(SshKey::getFingerprint).setHeader("Fingerprint").setFlexGrow(1);
        grid.addColumn(key -> WHEN.format(key.getCreatedAt())).setHeader("Added").setAutoWidth(true);
        grid.addColumn(key -> key.getLastUsedAt().map(WHEN::format).orElse("never")).setHeader("Last used")
                .setAutoWidth(true);
        grid.addComponentColumn(key -> {
            Button delete = new Button(VaadinIcon.TRASH.create(), e -> {
                keys.delete(username, key.getName());
                Notifications.success("Key " + key.getName() + " deleted");
                refresh();
            });
            delete.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
            delete.setAriaLabel("Delete " + key.getName());
            return delete;
        }).setAutoWidth(true).setFlexGrow(0);
        grid.setAllRowsVisible(true);
        grid.setEmptyStateText("No keys yet: add your public key or generate a key pair below.");
    }

    private VerticalLayout addForm() {
        name.setMaxLength(SshKey.NAME_MAX);
        name.setPlaceholder("from the key's comment");
        publicKey.setWidthFull();
        publicKey.setMaxLength(SshKey.PUBLIC_KEY_MAX);
        publicKey.setPlaceholder("ssh-ed25519 AAAA… you@laptop (the contents of ~/.ssh/id_ed25519.pub)");
        publicKey.setId("public-key");
        add.setId("add-key");
        add.addClickListener(e -> {
            try {
                SshKey key = keys.add(username, name.getValue(), publicKey.getValue());
                Notifications.success("Key " + key.getName() + " added");
                name.clear();
                publicKey.clear();
                refresh();
            } catch (SshKeyException ex) {
                publicKey.setInvalid(true);
                publicKey.setErrorMessage(ex.getMessage());
            }
        });
        VerticalLayout form = new VerticalLayout(new H4("Add your public key"), name, publicKey, add);
        form.setPadding(false);
        return form;
    }

    private VerticalLayout generateForm() {
        generatedName.setMaxLength(SshKey.NAME_MAX);
        generatedName.setValue("gantry-generated");
        kind.setLabel("Type");
        kind.setItems(SshKeyCodec.KeyKind.values());
        kind.setItemLabelGenerator(k -> k == SshKeyCodec.KeyKind.ED25519 ? "ed25519 (recommended)" : "RSA 3072");
        kind.setValue(SshKeyCodec.KeyKind.ED25519);
        generate.setId("generate-key");
        generate.addClickListener(e -> {
            try {
                SshKeyService.GeneratedKey generated = keys.generate(username, generatedName.getValue(), kind.getValue());
                new PrivateKeyDialog(generated).open();
                refresh();
            } catch (SshKeyException ex) {
                generatedName.setInvalid(true);
                generatedName.setErrorMessage(ex.getMessage());
            }
        });
        HorizontalLayout row = new HorizontalLayout(generatedName, kind, generate);
        row.setAlignItems(FlexComponent.Alignment.BASELINE);
        VerticalLayout form = new VerticalLayout(new H4("Or let Gantry make a key pair"),
                new Paragraph("You download the private key once; Gantry keeps only the public key."), row);
        form.setPadding(false);
        return form;
    }

    private void refresh() {
        grid.setItems(keys.list(username));
    }
}
