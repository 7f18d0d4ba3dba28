package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.Objects;
import org.gantry.base.ui.Notifications;
import org.gantry.security.AccountException;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;

@Route("admin/virtual-clusters")
@PageTitle("Virtual clusters · Gantry")
@Menu(title = "Admin: virtual clusters", order = 92, icon = "vaadin:cluster")
@RolesAllowed("ADMIN")
class VirtualClusterAdminView extends VerticalLayout {

    private final GroupService groups;
    final Grid<VirtualCluster> grid = new Grid<>(VirtualCluster.class, false);
    final TextField name = new TextField("Name");
    final TextField description = new TextField("Description");
    final Select<String> executor = new Select<>();
    final TextField target = new TextField("Host / partition");
    final IntegerField cpu = new IntegerField("CPU quota");
    final IntegerField memory = new IntegerField("Memory quota (MB)");
    final IntegerField gpu = new IntegerField("GPU quota");

    VirtualClusterAdminView(GroupService groups) {
        this.groups = groups;
        setSizeFull();
        grid.addColumn(VirtualCluster::getName).setHeader("Name").setAutoWidth(true);
        grid.addColumn(VirtualCluster::getDescription).setHeader("Description");
        grid.addColumn(vc -> vc.getExecutor() + (vc.getExecutorTarget().isEmpty() ? "" : " · " + vc.getExecutorTarget()))
                .setHeader("Executor");
        grid.addColumn(vc -> quota(vc.getCpuQuota()) + " cpu · " + quota(vc.getMemoryMbQuota()) + " MB · "
                + quota(vc.getGpuQuota()) + " gpu").setHeader("Quota");
        grid.asSingleSelect().addValueChangeListener(e -> {
            VirtualCluster vc = e.getValue();
            if (vc != null) {
                name.setValue(vc.getName());
                description.setValue(vc.getDescription());
                executor.setValue(vc.getExecutor());
                target.setValue(vc.getExecutorTarget());
                cpu.setValue(vc.getCpuQuota());
                memory.setValue(vc.getMemoryMbQuota());
                gpu.setValue(vc.getGpuQuota());
            }
        });
        name.setMaxLength(VirtualCluster.NAME_MAX);
        executor.setLabel("Executor");
        executor.setItems("local", "ssh", "slurm");
        executor.setValue("local");
        for (IntegerField field : new IntegerField[] {cpu, memory, gpu}) {
            field.setMin(0);
            field.setHelperText("empty = unlimited");
        }
        Button save = new Button("Save virtual cluster", e -> save());
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add(new H2("Virtual clusters"), new FormLayout(name, description, executor, target, cpu, memory, gpu, save), grid);
        refresh();
    }

    void save() {
        try {
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(name.getValue().trim(),
                    description.getValue(), executor.getValue(), target.getValue(), cpu.getValue(),
                    memory.getValue(), gpu.getValue()));
            Notifications.success("Saved virtual cluster " + name.getValue());
            refresh();
        } catch (AccountException e) {
            Notifications.error(e.getMessage());
        }
    }

    private static String quota(Integer value) {
        return Objects.toString(value, "∞");
    }

    private void refresh() {
        grid.setItems(groups.virtualClusters());
    }
}
