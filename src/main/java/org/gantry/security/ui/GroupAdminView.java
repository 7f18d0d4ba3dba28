package org.gantry.security.ui;

import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;
import java.util.stream.Collectors;
import org.gantry.base.ui.Notifications;
import org.gantry.security.AccountException;
import org.gantry.security.GroupService;
import org.gantry.security.UserAccount;
import org.gantry.security.UserGroup;
import org.gantry.security.VirtualCluster;

/**
 * Groups give their members virtual clusters. Selecting one fills the form and lists its
 * members; a group can be deleted once it has none (the service refuses otherwise).
 */
@Route("admin/groups")
@PageTitle("Groups · Gantry")
@Menu(title = "Admin: groups", order = 91, icon = "vaadin:group")
@RolesAllowed("ADMIN")
class GroupAdminView extends VerticalLayout {

    private final GroupService groups;
    final Grid<UserGroup> grid = new Grid<>(UserGroup.class, false);
    final TextField name = new TextField("Name");
    final TextField description = new TextField("Description");
    final MultiSelectComboBox<String> clusters = new MultiSelectComboBox<>("Virtual clusters");
    final Button save = new Button("Save group");
    final Button delete = new Button("Delete group");
    final Paragraph members = new Paragraph();

    GroupAdminView(GroupService groups) {
        this.groups = groups;
        setSizeFull();
        grid.addColumn(UserGroup::getName).setHeader("Group").setAutoWidth(true);
        grid.addColumn(UserGroup::getDescription).setHeader("Description");
        grid.addColumn(g -> g.getVirtualClusters().stream().map(VirtualCluster::getName).sorted()
                .collect(Collectors.joining(", "))).setHeader("Virtual clusters");
        grid.setEmptyStateText("No groups yet. Fill in the form above and save to add one.");
        grid.setMinHeight("14rem");
        grid.asSingleSelect().addValueChangeListener(e -> select(e.getValue()));
        name.setMaxLength(UserGroup.NAME_MAX);
        name.setId("group-name");
        name.addValueChangeListener(e -> name.setInvalid(false));
        clusters.setId("group-clusters");
        clusters.addValueChangeListener(e -> clusters.setInvalid(false));
        save.addClickListener(e -> save());
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.setId("save-group");
        delete.addClickListener(e -> delete());
        delete.addThemeVariants(ButtonVariant.LUMO_ERROR);
        delete.setId("delete-group");
        members.setId("group-members");
        members.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "0");
        HorizontalLayout form = new HorizontalLayout(name, description, clusters);
        form.setDefaultVerticalComponentAlignment(Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");
        add(new H2("Groups"), form, new HorizontalLayout(save, delete), members, grid);
        refresh();
        select(null);
    }

    void save() {
        String groupName = name.getValue().trim();
        if (groupName.isEmpty()) {
            fieldError(name, "Enter the group's name");
            return;
        }
        try {
            groups.saveGroup(groupName, description.getValue(), clusters.getValue());
            Notifications.success("Saved group " + groupName);
            refresh();
        } catch (AccountException e) {
            // The service's two refusals: a name it cannot take, a virtual cluster that does not exist.
            fieldError(e.getMessage().startsWith("No virtual cluster") ? clusters : name, e.getMessage());
        }
    }

    void delete() {
        UserGroup selected = grid.asSingleSelect().getValue();
        if (selected == null) {
            return;
        }
        try {
            groups.deleteGroup(selected.getName());
            Notifications.success("Deleted group " + selected.getName());
            refresh();
            select(null);
        } catch (AccountException e) {
            Notifications.error(e.getMessage());
        }
    }

    private void select(UserGroup group) {
        if (group == null) {
            delete.setEnabled(false);
            delete.setTooltipText("Select a group in the table first");
            members.setText("Select a group to see its members.");
            return;
        }
        name.setValue(group.getName());
        description.setValue(group.getDescription());
        clusters.setValue(group.getVirtualClusters().stream().map(VirtualCluster::getName)
                .collect(Collectors.toSet()));
        List<String> names = groups.members(group.getName()).stream().map(UserAccount::getUsername).sorted().toList();
        members.setText(names.isEmpty() ? "No members."
                : "Members (" + names.size() + "): " + String.join(", ", names));
        // A group with members cannot go: they would lose its virtual clusters without notice.
        delete.setEnabled(names.isEmpty());
        delete.setTooltipText(names.isEmpty() ? "Delete " + group.getName()
                : "Take its members out of it first (Admin: users)");
    }

    private static void fieldError(HasValidation field, String message) {
        field.setErrorMessage(message);
        field.setInvalid(true);
    }

    private void refresh() {
        grid.setItems(groups.groups());
        clusters.setItems(groups.virtualClusters().stream().map(VirtualCluster::getName).toList());
    }
}
