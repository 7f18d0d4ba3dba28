package org.gantry.job.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.ClientCallable;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import com.vaadin.flow.component.dependency.NpmPackage;
import com.vaadin.flow.shared.Registration;
import elemental.json.Json;
import elemental.json.JsonArray;
import elemental.json.JsonObject;
import java.util.List;
import java.util.function.Function;
import org.gantry.job.lint.Finding;

/**
 * A YAML code editor (CodeMirror 6, {@code frontend/editor/gantry-yaml-editor.js}) whose text
 * is linted on the server after each pause in typing; the findings come back as underlines,
 * gutter markers and quick fixes.
 *
 * <p>The server keeps the text: the browser sends it with each lint request and when the
 * editor loses focus (so a button clicked right after typing sees what was typed).
 * {@link #setValue} replaces it in the browser, changing only what differs.
 */
@Tag("gantry-yaml-editor")
@NpmPackage(value = "codemirror", version = "6.0.2")
@NpmPackage(value = "@codemirror/lang-yaml", version = "6.1.3")
@NpmPackage(value = "@codemirror/lint", version = "6.9.8")
@JsModule("./editor/gantry-yaml-editor.js")
class YamlEditor extends Component implements HasSize {

    /** The text changed; {@code fromClient} when the person typed it. */
    static class TextChangeEvent extends ComponentEvent<YamlEditor> {
        TextChangeEvent(YamlEditor source, boolean fromClient) {
            super(source, fromClient);
        }
    }

    private final Function<String, List<Finding>> linter;
    private String value = "";
    private List<Finding> findings = List.of();
    private ProblemStep onStep;

    /** @param linter lints a text; called on the UI thread for every pause in typing */
    YamlEditor(Function<String, List<Finding>> linter) {
        this.linter = linter;
        getStyle().set("display", "block").set("overflow", "hidden")
                .set("border", "1px solid var(--lumo-contrast-20pct)").set("border-radius", "var(--lumo-border-radius-m)");
    }

    String getValue() {
        return value;
    }

    /** Replaces the text, in the browser too. */
    void setValue(String text) {
        String next = text == null ? "" : text;
        if (next.equals(value)) {
            return;
        }
        value = next;
        getElement().callJsFunction("setText", value);
        fireEvent(new TextChangeEvent(this, false));
    }

    /** The findings of the last lint. */
    List<Finding> findings() {
        return findings;
    }

    /**
     * Puts the cursor on a finding, selecting its range, scrolled into view, and gives the
     * editor the focus.
     */
    void select(Finding finding) {
        getElement().executeJs("""
                const v = this._view;
                if (!v) { return; }
                const doc = v.state.doc;
                const at = (line, column) => {
                  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
                  return Math.min(l.to, l.from + Math.max(0, column - 1));
                };
                const from = at($0, $1);
                const to = Math.max(from, $2 > doc.lines ? doc.length : at($2, $3));
                v.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
                v.focus();""", finding.line(), finding.column(), finding.endLine(), finding.endColumn());
    }

    /**
     * Calls {@code onStep} with the cursor's line and column and whether to step forward, when
     * F8 (Shift+F8: backward) is pressed in the editor. It is caught before CodeMirror's own F8.
     */
    void onProblemStep(ProblemStep onStep) {
        this.onStep = onStep;
    }

    /** Where the person asked to step from, and which way. */
    interface ProblemStep {
        void step(int line, int column, boolean forward);
    }

    /** From the browser: F8 or Shift+F8 was pressed with the cursor at line:column. */
    @ClientCallable
    void stepProblem(int line, int column, boolean forward) {
        if (onStep != null) {
            onStep.step(line, column, forward);
        }
    }

    /** Lints the current text at once in the browser, which shows the result. */
    void lintNow() {
        getElement().callJsFunction("lintNow");
    }

    Registration addTextChangeListener(ComponentEventListener<TextChangeEvent> listener) {
        return addListener(TextChangeEvent.class, listener);
    }

    @Override
    protected void onAttach(AttachEvent attachEvent) {
        // a re-attached element is a new one in the browser: give it the text again
        getElement().callJsFunction("setText", value);
        // on the host, in the capture phase: before the editor's own key handling sees F8
        getElement().executeJs("""
                this.addEventListener('keydown', (e) => {
                  if (e.key !== 'F8' || !this._view || !this.$server) { return; }
                  e.preventDefault();
                  e.stopPropagation();
                  const v = this._view;
                  const at = v.state.selection.main.from;
                  const line = v.state.doc.lineAt(at);
                  this.$server.stepProblem(line.number, at - line.from + 1, !e.shiftKey);
                }, true);""");
    }

    /** From the browser: the text after a pause in typing; answers with its findings. */
    @ClientCallable
    JsonArray lint(String text) {
        fromClient(text);
        findings = linter.apply(value);
        return toJson(findings);
    }

    /** From the browser: the text as it is when the editor loses focus. */
    @ClientCallable
    void sync(String text) {
        fromClient(text);
    }

    private void fromClient(String text) {
        String next = text == null ? "" : text;
        if (!next.equals(value)) {
            value = next;
            fireEvent(new TextChangeEvent(this, true));
        }
    }

    static JsonArray toJson(List<Finding> findings) {
        JsonArray array = Json.createArray();
        for (Finding f : findings) {
            JsonObject o = Json.createObject();
            o.put("line", f.line());
            o.put("column", f.column());
            o.put("endLine", f.endLine());
            o.put("endColumn", f.endColumn());
            o.put("severity", f.severity().name());
            o.put("code", f.code());
            o.put("message", f.message());
            f.fix().ifPresent(fix -> {
                JsonObject j = Json.createObject();
                j.put("title", fix.title());
                j.put("line", fix.line());
                j.put("column", fix.column());
                j.put("endLine", fix.endLine());
                j.put("endColumn", fix.endColumn());
                j.put("replacement", fix.replacement());
                o.put("fix", j);
            });
            array.set(array.length(), o);
        }
        return array;
    }
}
