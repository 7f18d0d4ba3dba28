package org.gantry.usage.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import org.gantry.usage.Money;
import org.gantry.usage.Statement;

/** A month's statement lines; the footer holds the total. */
class StatementGrid extends Grid<Statement.Line> {

    private final Money money;
    private final Column<Statement.Line> charge;

    StatementGrid(Money money, boolean withUser) {
        super(Statement.Line.class, false);
        this.money = money;
        if (withUser) {
            addColumn(Statement.Line::user).setHeader("User").setAutoWidth(true).setSortable(true);
        }
        addColumn(Statement.Line::virtualCluster).setHeader("Virtual cluster").setAutoWidth(true);
        addColumn(Statement.Line::attempts).setHeader("Attempts").setTextAlign(ColumnTextAlign.END);
        addColumn(l -> UsageFormats.hours(l.cpuSeconds())).setHeader("CPU-hours").setTextAlign(ColumnTextAlign.END);
        addColumn(l -> UsageFormats.hours(l.gpuSeconds())).setHeader("GPU-hours").setTextAlign(ColumnTextAlign.END);
        addColumn(l -> UsageFormats.gbHours(l.memoryMbSeconds())).setHeader("Memory GB-hours")
                .setTextAlign(ColumnTextAlign.END);
        charge = addColumn(l -> money.format(l.chargeMinor())).setHeader("Charge").setTextAlign(ColumnTextAlign.END)
                .setAutoWidth(true);
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
    }

    void show(Statement statement) {
        setItems(statement.lines());
        charge.setFooter("Total " + money.format(statement.totalMinor()));
    }
}
