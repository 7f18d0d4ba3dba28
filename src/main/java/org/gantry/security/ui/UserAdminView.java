package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;
import java.util.stream.Collectors;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.security.AccountException;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.UserAccount;
import org.gantry.security.UserGroup;
import org.gantry.security.UserService;

@Route("admin/users")
@PageTitle("Users · Gantry")
@Menu(title = "Admin: users", order = 90, icon = "vaadin:users")
@RolesAllowed("ADMIN")
class UserAdminView extends VerticalLayout {

    private final UserService users;
    private final GroupService groups;
    final Grid<UserAccount> grid = new Grid<>(UserAccount.class, false);
    /** The administrator looking: their own row offers no Disable, which would lock them out. */
    private final String viewer;

    UserAdminView(UserService users, GroupService groups, CurrentUser currentUser) {
        this.users = users;
        this.groups = groups;
        this.viewer = currentUser.require();
        setSizeFull();
        Grid.Column<UserAccount> username = grid.addColumn(UserAccount::getUsername).setHeader("Username")
                .setSortable(true).setAutoWidth(true);
        Grid.Column<UserAccount> role = grid.addColumn(UserAccount::getRole).setHeader("Role").setAutoWidth(true);
        Grid.Column<UserAccount> groupNames = grid.addColumn(u -> u.getGroups().stream().map(UserGroup::getName)
                .sorted().collect(Collectors.joining(", "))).setHeader("Groups");
        Grid.Column<UserAccount> clusters = grid.addColumn(u -> String.join(", ", u.virtualClusterNames()))
                .setHeader("Virtual clusters");
        Grid.Column<UserAccount> status = grid.addColumn(u -> u.isEnabled() ? "active" : "disabled")
                .setHeader("Status").setAutoWidth(true);
        Grid.Column<UserAccount> actions = grid.addComponentColumn(this::actions).setHeader("").setKey("actions")
                .setAutoWidth(true).setFrozenToEnd(true);
        grid.setSizeFull();
        grid.setMinHeight("16rem");
        // A phone-sized window shows the name and the actions, stacked; Edit shows the rest.
        WindowWidth.follow(this, pixels -> {
            boolean narrow = WindowWidth.narrow(pixels);
            List.of(role, groupNames, clusters, status).forEach(column -> column.setVisible(!narrow));
            username.setAutoWidth(!narrow).setFlexGrow(1);
            actions.setAutoWidth(!narrow);
            if (narrow) {
                username.setWidth("7em");
                actions.setWidth("9em");
                grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            } else {
                grid.removeThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            }
            grid.recalculateColumnWidths();
        });

        Button create = new Button("New user", e -> openEditor(null));
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.setId("new-user");
        add(new HorizontalLayout(new H2("Users"), create), grid);
        refresh();
    }

    private HorizontalLayout actions(UserAccount user) {
        Button edit = new Button("Edit", e -> openEditor(user));
        Button password = new Button("Reset password", e -> new PasswordDialog(user.getUsername(), pw -> {
            users.resetPassword(user.getUsername(), pw);
            Notifications.success("Password of " + user.getUsername() + " reset");
        }).open());
        Button toggle = new Button(user.isEnabled() ? "Disable" : "Enable", e -> run(() -> {
            users.setEnabled(user.getUsername(), !user.isEnabled());
            Notifications.success(user.getUsername() + (user.isEnabled() ? " disabled" : " enabled"));
        }));
        toggle.addThemeVariants(user.isEnabled() ? ButtonVariant.LUMO_ERROR : ButtonVariant.LUMO_SUCCESS);
        toggle.setId("toggle-" + user.getUsername());
        toggle.setVisible(!user.getUsername().equals(viewer));
        HorizontalLayout row = new HorizontalLayout(edit, password, toggle);
        row.getStyle().set("flex-wrap", "wrap").set("row-gap", "0");
        row.getChildren().forEach(c -> ((Button) c).addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY));
        return row;
    }

    private void openEditor(UserAccount existing) {
        new UserDialog(existing, groups.groups(), form -> {
            if (existing == null) {
                users.create(form.username(), form.password(), form.role(), form.email(), form.groups());
            } else {
                users.update(existing.getUsername(), form.role(), form.email(), form.groups());
            }
            refresh();
        }).open();
    }

    private void run(Runnable action) {
        try {
            action.run();
            refresh();
        } catch (AccountException e) {
            Notifications.error(e.getMessage());
        }
    }

    void refresh() {
        grid.setItems(users.list());
    }
}
