package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.stream.Collectors;
import org.gantry.base.ui.Notifications;
import org.gantry.security.AccountException;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
import org.gantry.security.VirtualCluster;

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

    GroupAdminView(GroupService groups) {
        this.groups = groups;
        setSizeFull();
        grid.addColumn(UserGroup::getName).setHeader("Group").setAutoWidth(true);
        grid.addColumn(UserGroup::getDescription).setHeader("Description");
        grid.addColumn(g -> g.getVirtualClusters().stream().map(VirtualCluster::getName).sorted()
                .collect(Collectors.joining(", "))).setHeader("Virtual clusters");
        grid.asSingleSelect().addValueChangeListener(e -> {
            if (e.getValue() != null) {
                name.setValue(e.getValue().getName());
                description.setValue(e.getValue().getDescription());
                clusters.setValue(e.getValue().getVirtualClusters().stream().map(VirtualCluster::getName)
                        .collect(Collectors.toSet()));
            }
        });
        name.setMaxLength(UserGroup.NAME_MAX);
        Button save = new Button("Save group", e -> save());
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout form = new HorizontalLayout(name, description, clusters, save);
        form.setDefaultVerticalComponentAlignment(Alignment.BASELINE);
        add(new H2("Groups"), form, grid);
        refresh();
    }

    void save() {
        try {
            groups.saveGroup(name.getValue().trim(), description.getValue(), clusters.getValue());
            Notifications.success("Saved group " + name.getValue());
            refresh();
        } catch (AccountException e) {
            Notifications.error(e.getMessage());
        }
    }

    private void refresh() {
        grid.setItems(groups.groups());
        clusters.setItems(groups.virtualClusters().stream().map(VirtualCluster::getName).toList());
    }
}
