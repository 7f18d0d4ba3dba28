package org.gantry.storage.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageInfo;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StorageService;

/** Administrators register storages: where their files are, who may use them, where jobs see them. */
@Route("admin/storages")
@PageTitle("Storages · Gantry")
@Menu(title = "Admin: storages", order = 94, icon = "vaadin:database")
@RolesAllowed("ADMIN")
class StorageAdminView extends VerticalLayout {

    private final StorageService storages;
    final Grid<StorageInfo> grid = new Grid<>(StorageInfo.class, false);
    final TextField name = new TextField("Name");
    final Select<StorageKind> kind = new Select<>();
    final TextField rootUri = new TextField("Root");
    final PasswordField credentials = new PasswordField("Password");
    final MultiSelectComboBox<String> groups = new MultiSelectComboBox<>("Groups");
    final Checkbox readOnly = new Checkbox("Read-only");
    final Checkbox isDefault = new Checkbox("Default (mounted when a job lists storages: [])");
    final TextField mountPath = new TextField("Mount path in jobs");
    final TextField description = new TextField("Description");
    final TextField mountedOn = new TextField("Also mounted on");
    final Button save = new Button("Save storage");
    final Button delete = new Button("Remove storage");

    StorageAdminView(StorageService storages, GroupService groupService) {
        this.storages = storages;
        setSizeFull();
        // A name may be 64 characters: it wraps instead of widening the grid past a phone's width.
        grid.addColumn(StorageInfo::name).setHeader("Name").setFlexGrow(2);
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.addColumn(s -> s.kind().name().toLowerCase(Locale.ROOT)).setHeader("Kind").setAutoWidth(true);
        Grid.Column<StorageInfo> root = grid.addColumn(StorageInfo::rootUri).setHeader("Root");
        Grid.Column<StorageInfo> groupNames = grid.addColumn(s -> String.join(", ", s.groups())).setHeader("Groups");
        Grid.Column<StorageInfo> mount = grid.addColumn(s -> s.mountPath() + (s.mountedOn().isEmpty() ? "" : " (also on "
                + String.join(", ", s.mountedOn().stream().sorted().toList()) + ")")).setHeader("Mount path");
        grid.addColumn(s -> (s.readOnly() ? "read-only" : "read-write") + (s.isDefault() ? ", default" : ""))
                .setHeader("Access");
        Grid.Column<StorageInfo> password = grid.addColumn(s -> s.hasCredentials() ? "sealed" : "none")
                .setHeader("Password");
        grid.setMinHeight("12rem");
        // A phone-sized window shows the name, kind and access; selecting a row fills the form with the rest.
        WindowWidth.follow(this, pixels -> List.of(root, groupNames, mount, password)
                .forEach(column -> column.setVisible(!WindowWidth.narrow(pixels))));
        grid.setEmptyStateText("No storages yet: every user has their personal storage 'home'. Fill in the form"
                + " above and save to share one with groups.");
        grid.asSingleSelect().addValueChangeListener(e -> show(e.getValue()));

        name.setMaxLength(64);
        name.setPattern(StorageService.NAME_PATTERN);
        kind.setLabel("Kind");
        kind.setItems(StorageKind.values());
        kind.setItemLabelGenerator(k -> switch (k) {
            case LOCAL -> "Local or NFS directory";
            case SFTP -> "SFTP";
            case VFS -> "Other Commons VFS URI";
        });
        kind.setValue(StorageKind.LOCAL);
        kind.addValueChangeListener(e -> rootUri.setHelperText(helpFor(e.getValue())));
        rootUri.setHelperText(helpFor(StorageKind.LOCAL));
        credentials.setHelperText("sealed at rest and never shown again; leave empty to keep the stored one");
        groups.setItems(groupService.groups().stream().map(UserGroup::getName).toList());
        groups.setHelperText("members of these groups may use the storage");
        mountPath.setPlaceholder("/mnt/<name>");
        mountPath.setHelperText("local tasks see a local directory here; other executors only where it is mounted");
        mountedOn.setPlaceholder("slurm, ssh:gpu1");
        mountedOn.setHelperText("executors whose machines have it mounted at the mount path (comma-separated)");
        save.setId("save-storage");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save());
        delete.addThemeVariants(ButtonVariant.LUMO_ERROR);
        delete.addClickListener(e -> delete());
        delete.setEnabled(false);
        delete.setTooltipText("Select a storage in the table first; its files stay where they are");
        FormLayout form = new FormLayout(name, kind, rootUri, credentials, groups, mountPath, mountedOn, description,
                readOnly, isDefault);
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("600px", 2));
        add(new H2("Storages"), new Paragraph("Files of every storage are reached through Gantry only: users"
                + " never see the root's credentials. Jobs see a storage at its mount path."), form,
                new HorizontalLayout(save, delete), grid);
        refresh();
    }

    private static String helpFor(StorageKind kind) {
        return switch (kind == null ? StorageKind.LOCAL : kind) {
            case LOCAL -> "an absolute directory on Gantry's host, such as /srv/data";
            case SFTP -> "sftp://user@host:22/absolute/path";
            case VFS -> "any URI of a configured Commons VFS provider";
        };
    }

    private void show(StorageInfo storage) {
        delete.setEnabled(storage != null);
        if (storage == null) {
            return;
        }
        name.setValue(storage.name());
        kind.setValue(storage.kind());
        rootUri.setValue(storage.rootUri());
        credentials.clear();
        groups.setValue(new TreeSet<>(storage.groups()));
        readOnly.setValue(storage.readOnly());
        isDefault.setValue(storage.isDefault());
        mountPath.setValue(storage.mountPath());
        description.setValue(storage.description());
        mountedOn.setValue(String.join(", ", storage.mountedOn().stream().sorted().toList()));
    }

    void save() {
        try {
            StorageInfo saved = storages.save(new StorageService.StorageSettings(name.getValue().trim(), kind.getValue(),
                    rootUri.getValue(), credentials.isEmpty() ? null : credentials.getValue(), readOnly.getValue(),
                    isDefault.getValue(), mountPath.getValue(), groups.getValue(), description.getValue(),
                    new TreeSet<>(java.util.Arrays.asList(mountedOn.getValue().split("\\s*,\\s*")))));
            credentials.clear();
            Notifications.success("Saved storage " + saved.name() + " (jobs see it at " + saved.mountPath() + ")");
            refresh();
        } catch (StorageException e) {
            Notifications.error(e.getMessage());
        }
    }

    void delete() {
        StorageInfo selected = grid.asSingleSelect().getValue();
        if (selected == null) {
            return;
        }
        storages.delete(selected.name());
        Notifications.success("Removed storage " + selected.name() + "; its files were not touched");
        refresh();
    }

    private void refresh() {
        grid.setItems(storages.all());
        delete.setEnabled(false);
    }
}
