package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.gantry.job.lint.Finding;
import org.gantry.job.ui.QuickFixes.QuickFix;

/**
 * Under the editor: a count of the findings, then every finding with its severity, line:column
 * and message. Clicking one puts the editor's cursor on it; its quick fixes are buttons that
 * replace the text with the fixed one. F8 and Shift+F8 in the editor step through the same list.
 */
class ProblemsPanel extends VerticalLayout {

    final Span summary = new Span();
    final Div list = new Div();
    private final Consumer<Finding> onJump;
    private final Consumer<String> onFix;
    private List<Finding> findings = List.of();
    private String text = "";

    /**
     * @param onJump puts the cursor on a finding
     * @param onFix replaces the editor's text with a fixed one
     */
    ProblemsPanel(Consumer<Finding> onJump, Consumer<String> onFix) {
        this.onJump = onJump;
        this.onFix = onFix;
        setId("problems");
        setPadding(false);
        setSpacing(false);
        setWidthFull();
        summary.setId("lint-summary");
        summary.getStyle().set("font-size", "var(--lumo-font-size-s)");
        list.setId("problem-list");
        list.getStyle().set("max-height", "9.5em").set("overflow", "auto").set("width", "100%")
                .set("font-size", "var(--lumo-font-size-s)");
        add(summary, list);
    }

    /** Shows the findings of {@code linted}; their fixes apply to that text. */
    void show(String linted, List<Finding> shown) {
        text = linted;
        findings = List.copyOf(shown);
        long errors = findings.stream().filter(Finding::isError).count();
        long warnings = findings.stream().filter(f -> f.severity() == Finding.Severity.WARNING).count();
        long infos = findings.size() - errors - warnings;
        summary.setText(findings.isEmpty() ? "No problems found" : errors + " error(s), " + warnings + " warning(s)"
                + (infos > 0 ? ", " + infos + " note(s)" : "") + " · click one to go to it, F8 / Shift+F8 step"
                + " through them");
        summary.getStyle().set("color", errors > 0 ? "var(--lumo-error-text-color)" : warnings > 0
                ? "var(--lumo-warning-text-color, #a36200)" : "var(--lumo-success-text-color)");
        list.removeAll();
        findings.forEach(f -> list.add(row(f)));
    }

    List<Finding> findings() {
        return findings;
    }

    /** The finding after (or before) a position, going round at the end; empty when there is none. */
    Optional<Finding> next(int line, int column, boolean forward) {
        if (findings.isEmpty()) {
            return Optional.empty();
        }
        if (forward) {
            return Optional.of(findings.stream().filter(f -> compare(f, line, column) > 0).findFirst()
                    .orElse(findings.get(0)));
        }
        return Optional.of(findings.stream().filter(f -> compare(f, line, column) < 0).reduce((a, b) -> b)
                .orElse(findings.get(findings.size() - 1)));
    }

    /** Marks the finding the cursor was put on. */
    void select(Finding selected) {
        for (int i = 0; i < list.getComponentCount(); i++) {
            boolean current = findings.get(i) == selected;
            list.getComponentAt(i).getElement().setAttribute("aria-current", String.valueOf(current));
            list.getComponentAt(i).getElement().getStyle().set("background", current
                    ? "var(--lumo-primary-color-10pct)" : null);
        }
    }

    private static int compare(Finding f, int line, int column) {
        return f.line() != line ? Integer.compare(f.line(), line) : Integer.compare(f.column(), column);
    }

    private Div row(Finding finding) {
        Icon icon = (finding.isError() ? VaadinIcon.CLOSE_CIRCLE : finding.severity() == Finding.Severity.WARNING
                ? VaadinIcon.WARNING : VaadinIcon.INFO_CIRCLE).create();
        icon.setSize("var(--lumo-icon-size-s)");
        icon.setColor(finding.isError() ? "var(--lumo-error-color)" : finding.severity() == Finding.Severity.WARNING
                ? "var(--lumo-warning-color, #e8a33d)" : "var(--lumo-primary-color)");
        icon.getElement().setAttribute("aria-label", finding.severity().name().toLowerCase());
        icon.getStyle().set("flex", "none");
        Span where = new Span(finding.line() + ":" + finding.column());
        where.addClassName("problem-position");
        where.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-family", "monospace")
                .set("flex", "none");
        Span message = new Span(finding.message().replace("`", ""));
        message.addClassName("problem-message");
        message.getStyle().set("flex", "1 1 12em").set("min-width", "0").set("overflow-wrap", "anywhere");
        Div row = new Div(icon, where, message);
        row.addClassName("problem");
        row.getElement().setAttribute("data-severity", finding.severity().name());
        row.getElement().setAttribute("data-code", finding.code());
        row.getElement().setAttribute("tabindex", "0");
        row.getElement().setAttribute("role", "button");
        row.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-s)")
                .set("align-items", "baseline").set("padding", "2px var(--lumo-space-xs)").set("cursor", "pointer")
                .set("border-top", "1px solid var(--lumo-contrast-5pct)");
        row.addClickListener(e -> onJump.accept(finding));
        row.getElement().addEventListener("keydown", e -> onJump.accept(finding)).setFilter("event.key === 'Enter'");
        for (QuickFix fix : QuickFixes.of(text, finding)) {
            Button button = new Button(fix.title(), e -> onFix.accept(fix.text()));
            button.addClassName("quick-fix");
            button.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY_INLINE);
            // the row's own click would move the cursor to a finding the fix just removed
            button.getElement().addEventListener("click", e -> { }).stopPropagation();
            row.add(button);
        }
        return row;
    }
}
