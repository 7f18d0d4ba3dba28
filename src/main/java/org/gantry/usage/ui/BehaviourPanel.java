package org.gantry.usage.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.usage.Behaviour;
import org.gantry.usage.BehaviourService;

/**
 * The admin's behaviour analysis: for everyone, a group or a virtual cluster, the commands and
 * images of the last 30 days' jobs as charts and the commands per week over the last 12 weeks.
 */
class BehaviourPanel extends VerticalLayout {

    static final int WEEKS = 12;

    /** Whose jobs: everyone, a group or a virtual cluster. */
    record Whose(BehaviourService.Scope scope, String name) {

        @Override
        public String toString() {
            return switch (scope) {
                case EVERYONE -> "Everyone";
                case GROUP -> "Group " + name;
                case VIRTUAL_CLUSTER -> "Virtual cluster " + name;
            };
        }
    }

    private final BehaviourService behaviour;
    final Select<Whose> whose = new Select<>();
    private final FlexLayout charts = new FlexLayout();
    private final Span summary = new Span();
    final Grid<Map.Entry<LocalDate, Map<Behaviour.Tool, Long>>> weekly = new Grid<>();

    BehaviourPanel(BehaviourService behaviour, List<String> virtualClusters) {
        this.behaviour = behaviour;
        setPadding(false);
        setId("behaviour");
        List<Whose> choices = new ArrayList<>();
        choices.add(new Whose(BehaviourService.Scope.EVERYONE, ""));
        behaviour.groups().forEach(g -> choices.add(new Whose(BehaviourService.Scope.GROUP, g)));
        virtualClusters.forEach(vc -> choices.add(new Whose(BehaviourService.Scope.VIRTUAL_CLUSTER, vc)));
        whose.setLabel("Jobs of");
        whose.setItems(choices);
        whose.addValueChangeListener(e -> show(e.getValue()));
        charts.setFlexWrap(FlexLayout.FlexWrap.WRAP);
        charts.setWidthFull();
        charts.getStyle().set("gap", "var(--lumo-space-m)");
        weekly.setId("behaviour-weekly");
        weekly.addColumn(e -> e.getKey().toString()).setHeader("Week of").setAutoWidth(true).setFrozen(true);
        for (Behaviour.Tool tool : Behaviour.Tool.values()) {
            weekly.addColumn(e -> e.getValue().getOrDefault(tool, 0L)).setHeader(tool.label())
                    .setTextAlign(ColumnTextAlign.END).setAutoWidth(true);
        }
        weekly.addThemeVariants(GridVariant.LUMO_COMPACT);
        weekly.setAllRowsVisible(true);
        weekly.setEmptyStateText("No jobs in the last " + WEEKS + " weeks.");
        add(whose, summary, charts, weekly);
        whose.setValue(choices.get(0));
    }

    private void show(Whose who) {
        BehaviourService.Profile profile = behaviour.profile(who.scope(), who.name());
        charts.removeAll();
        if (profile.jobs() == 0) {
            summary.setText("No jobs of " + who.toString().toLowerCase() + " in the last 30 days: the charts fill"
                    + " once jobs are submitted.");
        } else {
            summary.setText(profile.jobs() + " jobs in the last 30 days; each job counts once per command it runs"
                    + " and image it uses.");
            UsageChart tools = UsageCharts.tools(profile.tools());
            UsageChart images = UsageCharts.images(profile.images());
            List.of(tools, images).forEach(c -> {
                c.setWidth(null);
                c.getStyle().set("flex", "1 1 320px").set("min-width", "0");
            });
            charts.add(tools, images);
        }
        List<Map.Entry<LocalDate, Map<Behaviour.Tool, Long>>> newestFirst =
                new ArrayList<>(behaviour.toolsPerWeek(WEEKS, who.scope(), who.name()).entrySet());
        java.util.Collections.reverse(newestFirst);
        weekly.setItems(newestFirst);
    }
}
