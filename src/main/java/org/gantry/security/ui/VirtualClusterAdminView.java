package org.gantry.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.security.AccountException;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.gantry.security.VirtualClusterLoad;
import org.gantry.security.VirtualClusterLoad.Amount;

/**
 * Administrators define virtual clusters: the executor and target their tasks run on and
 * optional quotas. The list shows each one's quota, the capacity of the machines it runs on
 * where Gantry knows it (the local executor's, measured SSH hosts'), what its running tasks use
 * now and, for an ssh cluster, each host's use and measured capacity (decision 0094).
 */
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
    final TextField target = new TextField("SSH hosts (c1,c2) / partition");
    final IntegerField cpu = new IntegerField("CPU quota");
    final IntegerField memory = new IntegerField("Memory quota (MB)");
    final IntegerField gpu = new IntegerField("GPU quota");

    private final VirtualClusterLoad load;
    private Map<String, Amount> used = Map.of();
    private Map<String, List<VirtualClusterLoad.HostLoad>> hostsByCluster = Map.of();

    VirtualClusterAdminView(GroupService groups, VirtualClusterLoad load) {
        this.groups = groups;
        this.load = load;
        setSizeFull();
        grid.addColumn(VirtualCluster::getName).setHeader("Name").setKey("name").setAutoWidth(true);
        grid.addColumn(VirtualCluster::getDescription).setHeader("Description").setKey("description");
        grid.addColumn(vc -> vc.getExecutor()
                        + (vc.getExecutorTarget().isEmpty() ? "" : " · " + vc.getExecutorTarget()))
                .setHeader("Executor").setKey("executor").setAutoWidth(true);
        grid.addColumn(VirtualClusterAdminView::quota).setHeader("Quota").setKey("quota").setAutoWidth(true);
        grid.addColumn(vc -> load.capacity(vc).map(VirtualClusterAdminView::amount)
                .orElse("not measured (" + vc.getExecutor() + ")")).setHeader("Capacity").setKey("capacity")
                .setAutoWidth(true);
        grid.addColumn(vc -> amount(used.getOrDefault(vc.getName(), Amount.NONE))).setHeader("In use")
                .setKey("used").setAutoWidth(true);
        grid.addColumn(vc -> hosts(hostsByCluster.getOrDefault(vc.getName(), List.of()))).setHeader("SSH hosts (in use / measured)").setKey("hosts")
                .setAutoWidth(true);
        grid.setEmptyStateText("No virtual clusters yet. Fill in the form above and save to add one.");
        grid.setMinHeight("14rem");
        // A phone-sized window shows each cluster's name, capacity and use, wrapped; a picked row fills the form.
        WindowWidth.follow(this, pixels -> {
            boolean narrow = WindowWidth.narrow(pixels);
            List.of("description", "executor", "quota", "hosts").forEach(key -> grid.getColumnByKey(key).setVisible(!narrow));
            // a long name (a deployed host's cluster) must not widen the table beyond a phone's width
            for (String key : List.of("name", "capacity", "used")) {
                Grid.Column<VirtualCluster> column = grid.getColumnByKey(key).setAutoWidth(!narrow);
                if (narrow) {
                    column.setWidth("7em");
                }
            }
            if (narrow) {
                grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            } else {
                grid.removeThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            }
            grid.recalculateColumnWidths();
        });
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
            field.setHelperText("empty: no limit");
        }
        Button save = new Button("Save virtual cluster", e -> save());
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add(new H2("Virtual clusters"), new FormLayout(name, description, executor, target, cpu, memory, gpu),
                new HorizontalLayout(save), grid);
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

    /** Only the limits that are set: "no quota", or e.g. "4 cpu · 8,192 MB" (the GPUs unlimited). */
    static String quota(VirtualCluster vc) {
        List<String> set = new ArrayList<>();
        Optional.ofNullable(vc.getCpuQuota()).ifPresent(cpu -> set.add(cpu + " cpu"));
        Optional.ofNullable(vc.getMemoryMbQuota()).ifPresent(mb -> set.add(String.format("%,d MB", mb)));
        Optional.ofNullable(vc.getGpuQuota()).ifPresent(gpu -> set.add(gpu + " gpu"));
        return set.isEmpty() ? "no quota" : String.join(" · ", set);
    }

    static String amount(Amount amount) {
        return String.format("%d cpu · %,d MB · %d gpu", amount.cpu(), amount.memoryMb(), amount.gpu());
    }

    /** "c1 1/2 cpu · 512/2,048 MB · 0/0 gpu; c2 draining, …" for each host, in the order tasks fill them. */
    static String hosts(List<VirtualClusterLoad.HostLoad> hosts) {
        List<String> each = new ArrayList<>();
        for (VirtualClusterLoad.HostLoad host : hosts) {
            Amount used = host.used();
            String load = host.capacity().map(c -> String.format("%d/%d cpu · %,d/%,d MB · %d/%d gpu", used.cpu(),
                    c.cpu(), used.memoryMb(), c.memoryMb(), used.gpu(), c.gpu()))
                    .orElseGet(() -> amount(used) + " (not measured)");
            each.add(host.name() + host.unavailable().map(why -> " (takes no new task: " + why + ")").orElse("")
                    + " " + load);
        }
        return String.join("; ", each);
    }

    private void refresh() {
        used = load.used();
        List<VirtualCluster> clusters = groups.virtualClusters();
        hostsByCluster = load.hosts(clusters);
        grid.setItems(clusters);
    }
}
