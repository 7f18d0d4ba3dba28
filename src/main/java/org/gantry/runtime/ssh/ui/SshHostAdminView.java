package org.gantry.runtime.ssh.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.runtime.ssh.SshHost;
import org.gantry.runtime.ssh.SshHostService;

/** Administrators register the SSH hosts that virtual clusters with the ssh or slurm executor use. */
@Route("admin/ssh-hosts")
@PageTitle("SSH hosts · Gantry")
@Menu(title = "Admin: SSH hosts", order = 93, icon = "vaadin:server")
@RolesAllowed("ADMIN")
class SshHostAdminView extends VerticalLayout {

    private final SshHostService hosts;
    final Grid<SshHost> grid = new Grid<>(SshHost.class, false);
    final TextField alias = new TextField("Alias");
    final TextField host = new TextField("Host");
    final IntegerField port = new IntegerField("Port");
    final TextField username = new TextField("User");
    final TextField keyPath = new TextField("Private key file");
    final TextField baseDir = new TextField("Base directory");
    final TextField description = new TextField("Description");
    final Button save = new Button("Save SSH host");
    final Button delete = new Button("Delete SSH host");

    SshHostAdminView(SshHostService hosts) {
        this.hosts = hosts;
        setSizeFull();
        grid.addColumn(SshHost::getAlias).setHeader("Alias").setAutoWidth(true);
        grid.addColumn(h -> h.getUsername() + "@" + h.getHost() + ":" + h.getPort()).setHeader("Login");
        Grid.Column<SshHost> keyColumn = grid.addColumn(SshHost::getKeyPath).setHeader("Key");
        Grid.Column<SshHost> baseDirColumn = grid.addColumn(SshHost::getBaseDir).setHeader("Base directory");
        Grid.Column<SshHost> descriptionColumn = grid.addColumn(SshHost::getDescription).setHeader("Description");
        // Below the form the table keeps room for a few rows; a phone-sized window shows alias and login.
        grid.setMinHeight("14rem");
        WindowWidth.follow(this, pixels -> List.of(keyColumn, baseDirColumn, descriptionColumn)
                .forEach(column -> column.setVisible(!WindowWidth.narrow(pixels))));
        grid.setEmptyStateText("No SSH hosts yet. Fill in the form above and save to add one.");
        grid.asSingleSelect().addValueChangeListener(e -> {
            SshHost h = e.getValue();
            delete.setEnabled(h != null);
            if (h != null) {
                alias.setValue(h.getAlias());
                host.setValue(h.getHost());
                port.setValue(h.getPort());
                username.setValue(h.getUsername());
                keyPath.setValue(h.getKeyPath());
                baseDir.setValue(h.getBaseDir());
                description.setValue(h.getDescription());
            }
        });
        alias.setMaxLength(SshHost.ALIAS_MAX);
        alias.setHelperText("the executor target of virtual clusters (ssh: alias, slurm: alias:partition)");
        port.setValue(22);
        port.setMin(1);
        port.setMax(65535);
        keyPath.setHelperText("absolute path on Gantry's host, readable by Gantry only");
        baseDir.setValue(".gantry");
        baseDir.setHelperText("relative to the user's home on the host");
        save.addClickListener(e -> save());
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.setId("save-ssh-host");
        // Deletes the host selected in the table, so it waits for a selection.
        delete.addClickListener(e -> delete());
        delete.addThemeVariants(ButtonVariant.LUMO_ERROR);
        delete.setId("delete-ssh-host");
        delete.setEnabled(false);
        delete.setTooltipText("Select a host in the table first");
        HorizontalLayout buttons = new HorizontalLayout(save, delete);
        add(new H2("SSH hosts"),
                new Paragraph("Host keys are trusted on first connection and pinned in the data directory's "
                        + "ssh/known_hosts; a host whose key changes afterwards is refused."),
                new FormLayout(alias, host, port, username, keyPath, baseDir, description), buttons, grid);
        refresh();
    }

    void save() {
        try {
            hosts.save(new SshHostService.SshHostSettings(alias.getValue().trim(), host.getValue(),
                    port.getValue() == null ? 22 : port.getValue(), username.getValue(), keyPath.getValue(),
                    baseDir.getValue(), description.getValue()));
            Notifications.success("Saved SSH host " + alias.getValue());
            refresh();
        } catch (IllegalArgumentException e) {
            Notifications.error(e.getMessage());
        }
    }

    void delete() {
        SshHost selected = grid.asSingleSelect().getValue();
        if (selected == null) {
            return;
        }
        hosts.delete(selected.getAlias());
        Notifications.success("Deleted SSH host " + selected.getAlias());
        refresh();
    }

    private void refresh() {
        grid.setItems(hosts.hosts());
    }
}
