package org.gantry.usage.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import java.util.List;
import org.gantry.base.ui.WindowWidth;
import org.gantry.usage.Money;
import org.gantry.usage.Statement;

/** A month's statement lines; the footer holds the total. */
class StatementGrid extends Grid<Statement.Line> {

    private final Money money;
    private final Column<Statement.Line> charge;
    private final List<Column<Statement.Line>> wideOnly;

    StatementGrid(Money money, boolean withUser) {
        super(Statement.Line.class, false);
        this.money = money;
        if (withUser) {
            addColumn(Statement.Line::user).setHeader("User").setAutoWidth(true).setSortable(true);
        }
        addColumn(Statement.Line::virtualCluster).setHeader("Virtual cluster").setAutoWidth(true);
        Column<Statement.Line> attempts = addColumn(Statement.Line::attempts).setHeader("Attempts")
                .setTextAlign(ColumnTextAlign.END);
        addColumn(l -> UsageFormats.hours(l.cpuSeconds())).setHeader("CPU-hours").setTextAlign(ColumnTextAlign.END);
        Column<Statement.Line> gpu = addColumn(l -> UsageFormats.hours(l.gpuSeconds())).setHeader("GPU-hours")
                .setTextAlign(ColumnTextAlign.END);
        Column<Statement.Line> memory = addColumn(l -> UsageFormats.gbHours(l.memoryMbSeconds()))
                .setHeader("Memory GB-hours").setTextAlign(ColumnTextAlign.END);
        wideOnly = List.of(attempts, gpu, memory);
        charge = addColumn(l -> money.format(l.chargeMinor())).setHeader("Charge").setTextAlign(ColumnTextAlign.END)
                .setAutoWidth(true);
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
    }

    /** On a phone-sized window: the virtual cluster, CPU-hours and the charge (and the user, when shown). */
    void fitWidth(int pixels) {
        wideOnly.forEach(column -> column.setVisible(!WindowWidth.narrow(pixels)));
    }

    void show(Statement statement) {
        setItems(statement.lines());
        charge.setFooter("Total " + money.format(statement.totalMinor()));
    }
}
