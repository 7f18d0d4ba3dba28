package org.gantry.diagnostics.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.diagnostics.Behavior;
import org.gantry.diagnostics.Category;
import org.gantry.diagnostics.DiagnosticsService;
import org.gantry.diagnostics.FailurePattern;
import org.gantry.diagnostics.Finding;

/**
 * The failure catalogue for administrators: every pattern in priority order; pick one to edit
 * it (or clear the form to add one), test it against a pasted log, disable it. Changes apply to
 * analyses made after them.
 */
@Route("admin/failure-patterns")
@PageTitle("Failure catalogue · Gantry")
@Menu(title = "Admin: failure catalogue", order = 95, icon = "vaadin:stethoscope")
@RolesAllowed("ADMIN")
class FailureCatalogueView extends VerticalLayout {

    private final DiagnosticsService diagnostics;
    final Grid<FailurePattern> grid = new Grid<>();
    final IntegerField code = new IntegerField("Code");
    final TextField phrase = new TextField("Phrase");
    final Select<Category> category = new Select<>();
    final Select<Behavior> behavior = new Select<>();
    final TextField reason = new TextField("What it means");
    final TextField solution = new TextField("What to do");
    final TextField link = new TextField("Link");
    final TextField exitCodes = new TextField("Exit codes");
    final IntegerField signal = new IntegerField("Signal");
    final TextField step = new TextField("Failed step");
    final TextField keywords = new TextField("Keywords");
    final TextField regex = new TextField("Regex");
    final TextField fix = new TextField("Fix");
    final IntegerField priority = new IntegerField("Priority");
    final Checkbox enabled = new Checkbox("Enabled", true);
    final Checkbox failure = new Checkbox("A failure", true);
    final Button save = new Button("Save", e -> save());
    final Button disable = new Button("Disable", e -> disable());
    final Button clear = new Button("New pattern", e -> edit(Optional.empty()));
    final TextArea log = new TextArea("Paste a log to test the pattern's regex on");
    final Button test = new Button("Test", e -> test());
    final Pre result = new Pre();

    FailureCatalogueView(DiagnosticsService diagnostics) {
        this.diagnostics = diagnostics;
        setSizeFull();
        grid.setId("failure-patterns");
        Grid.Column<FailurePattern> rank = grid.addColumn(FailurePattern::priority).setHeader("Priority")
                .setAutoWidth(true).setFlexGrow(0);
        Grid.Column<FailurePattern> codeColumn = grid.addColumn(FailurePattern::code).setHeader("Code")
                .setWidth("11em").setFlexGrow(0);
        Grid.Column<FailurePattern> phraseColumn = grid.addColumn(FailurePattern::phrase).setHeader("Phrase")
                .setWidth("12em").setFlexGrow(1);
        Grid.Column<FailurePattern> kind = grid.addColumn(p -> p.category().name().toLowerCase())
                .setHeader("Category").setAutoWidth(true);
        Grid.Column<FailurePattern> retry = grid.addColumn(p -> p.behavior().name().toLowerCase())
                .setHeader("Behaviour").setAutoWidth(true);
        Grid.Column<FailurePattern> on = grid.addColumn(p -> p.enabled() ? "yes" : "no").setHeader("Enabled")
                .setAutoWidth(true).setFlexGrow(0);
        // A phone-sized window shows the code and phrase, wrapped; selecting a row shows the rest in the form.
        WindowWidth.follow(this, pixels -> {
            boolean narrow = WindowWidth.narrow(pixels);
            List.of(rank, kind, retry, on).forEach(column -> column.setVisible(!narrow));
            codeColumn.setWidth(narrow ? "6em" : "11em");
            phraseColumn.setWidth(narrow ? "8em" : "12em");
            if (narrow) {
                grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            } else {
                grid.removeThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
            }
        });
        grid.setHeight("40vh");
        grid.setMinHeight("16rem");
        grid.asSingleSelect().addValueChangeListener(e -> edit(Optional.ofNullable(e.getValue())));
        category.setLabel("Category");
        category.setItems(Category.values());
        behavior.setLabel("Behaviour");
        behavior.setItems(Behavior.values());
        exitCodes.setHelperText("Comma-separated, e.g. 137");
        signal.setHelperText("The exit code is 128 + this");
        step.setHelperText("pip, conda, module, callBefore");
        keywords.setHelperText("Comma-separated literal parts of every matching line");
        regex.setHelperText("Java regex; {1}, {2} in the texts are its groups");
        fix.setHelperText("deps.pip {1} offers a one-click fix");
        FormLayout form = new FormLayout(code, phrase, category, behavior, reason, solution, link, exitCodes, signal,
                step, keywords, regex, fix, priority, enabled, failure);
        form.setColspan(reason, 2);
        form.setColspan(solution, 2);
        form.setColspan(regex, 2);
        save.setId("save-pattern");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        log.setWidthFull();
        log.setMaxLength(1_000_000);
        result.setId("pattern-test-result");
        result.getStyle().set("white-space", "pre-wrap");
        add(new H2("Failure catalogue"), new Paragraph("The first enabled pattern by priority whose conditions all"
                + " hold explains a failed job. Changes apply to analyses made after them."), grid, form,
                new HorizontalLayout(save, disable, clear), log, test, result);
        refresh();
        edit(Optional.empty());
    }

    private void refresh() {
        grid.setItems(diagnostics.patterns());
    }

    void edit(Optional<FailurePattern> pattern) {
        code.setValue(pattern.map(FailurePattern::code).orElse(null));
        code.setReadOnly(pattern.isPresent());
        phrase.setValue(pattern.map(FailurePattern::phrase).orElse(""));
        category.setValue(pattern.map(FailurePattern::category).orElse(Category.USER));
        behavior.setValue(pattern.map(FailurePattern::behavior).orElse(Behavior.PERMANENT));
        reason.setValue(pattern.map(FailurePattern::reason).orElse(""));
        solution.setValue(pattern.map(FailurePattern::solution).orElse(""));
        link.setValue(pattern.flatMap(FailurePattern::link).orElse(""));
        exitCodes.setValue(pattern.map(p -> p.exitCodes().stream().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "))).orElse(""));
        signal.setValue(pattern.flatMap(p -> p.signal().isPresent() ? Optional.of(p.signal().getAsInt())
                : Optional.empty()).orElse(null));
        step.setValue(pattern.flatMap(FailurePattern::step).orElse(""));
        keywords.setValue(pattern.map(p -> String.join(", ", p.keywords())).orElse(""));
        regex.setValue(pattern.flatMap(FailurePattern::regex).orElse(""));
        fix.setValue(pattern.flatMap(FailurePattern::fix).orElse(""));
        priority.setValue(pattern.map(FailurePattern::priority).orElse(1000));
        enabled.setValue(pattern.map(FailurePattern::enabled).orElse(true));
        failure.setValue(pattern.map(FailurePattern::failure).orElse(true));
        disable.setEnabled(pattern.filter(FailurePattern::enabled).isPresent());
    }

    /** The form as a pattern; empty (with the problem shown) when a number is missing or malformed. */
    Optional<FailurePattern> pattern() {
        if (code.getValue() == null || priority.getValue() == null) {
            Notifications.error("Give the pattern a code and a priority (numbers).");
            return Optional.empty();
        }
        Set<Integer> codes;
        try {
            codes = Arrays.stream(exitCodes.getValue().split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .map(Integer::valueOf).collect(Collectors.toSet());
        } catch (NumberFormatException e) {
            Notifications.error("Exit codes are numbers separated by commas, e.g. 137, 139.");
            return Optional.empty();
        }
        List<String> words = Arrays.stream(keywords.getValue().split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).toList();
        return Optional.of(new FailurePattern(code.getValue(), phrase.getValue().strip(), category.getValue(),
                behavior.getValue(), failure.getValue(), reason.getValue().strip(), solution.getValue().strip(),
                optional(link), codes, signal.getValue() == null ? OptionalInt.empty() : OptionalInt.of(signal.getValue()),
                optional(step), words, optional(regex), optional(fix), priority.getValue(), enabled.getValue()));
    }

    private static Optional<String> optional(TextField field) {
        return Optional.of(field.getValue().strip()).filter(s -> !s.isEmpty());
    }

    void save() {
        pattern().ifPresent(p -> {
            List<String> problems = p.problems();
            if (!problems.isEmpty()) {
                Notifications.error(String.join(" ", problems));
                return;
            }
            diagnostics.save(p);
            Notifications.success("Saved pattern " + p.code() + " " + p.phrase());
            refresh();
        });
    }

    void disable() {
        enabled.setValue(false);
        save();
        disable.setEnabled(false);
    }

    void test() {
        pattern().ifPresent(p -> {
            List<String> problems = p.problems();
            if (!problems.isEmpty()) {
                result.setText(String.join("\n", problems));
            } else if (p.regex().isEmpty()) {
                result.setText("This pattern has no regex: it matches on exit code, signal or step alone.");
            } else {
                Optional<Finding> found = diagnostics.test(p, log.getValue());
                result.setText(found.map(f -> "Matches: " + f.line().orElse("") + "\n\n" + f.reason() + "\nWhat to do: "
                        + f.solution() + f.fix().map(x -> "\nFix: " + x).orElse(""))
                        .orElse("No line of the log matches this pattern (with its keywords: "
                                + (p.keywords().isEmpty() ? "none" : String.join(", ", p.keywords())) + ")."));
            }
        });
    }
}
