import { EditorView, basicSetup } from 'codemirror';
import { keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter, forceLinting } from '@codemirror/lint';

// Pause in typing after which the text goes to the server to be linted.
const LINT_DELAY_MS = 300;

/**
 * <gantry-yaml-editor>: CodeMirror 6 for job YAML, linted by the server.
 *
 * The server owns the text between edits: after each pause in typing, and when the editor
 * loses focus, the text goes to the server ($server.lint / $server.sync), which keeps it,
 * lints it and answers with findings. Findings become CodeMirror diagnostics: underlines with
 * their message on hover, gutter markers, and their fixes as actions. The server replaces
 * the text with setText(), which edits only the range that changed so the cursor stays put.
 */
class GantryYamlEditor extends HTMLElement {

  connectedCallback() {
    if (this._view) {
      return;
    }
    this._sent = null;
    // CodeMirror's style sheets live in the shadow root, where the page's own style handling
    // cannot replace them.
    const shadow = this.attachShadow({ mode: 'open' });
    const host = document.createElement('style');
    host.textContent = ':host { display: block; } .host { height: 100%; }';
    const parent = document.createElement('div');
    parent.className = 'host';
    shadow.append(host, parent);
    this._view = new EditorView({
      doc: this._pending ?? '',
      parent,
      root: shadow,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        yaml(),
        lintGutter(),
        linter((view) => this._lint(view), { delay: LINT_DELAY_MS }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) {
            this.setAttribute('state', 'editing');
          }
          if (update.focusChanged && !update.view.hasFocus) {
            this._sync();
          }
        }),
        EditorView.theme({
          '&': { height: '100%', fontSize: 'var(--lumo-font-size-s)' },
          '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
          '.cm-gutters': { backgroundColor: 'var(--lumo-contrast-5pct)', borderRight: 'none' },
          '.cm-diagnosticText code': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            backgroundColor: 'var(--lumo-contrast-10pct)', borderRadius: '3px', padding: '0 2px' },
        }),
      ],
    });
    this._pending = null;
  }

  /** Replaces the text, changing only the range between the common prefix and suffix. */
  setText(text) {
    if (!this._view) {
      this._pending = text;
      return;
    }
    const doc = this._view.state.doc.toString();
    if (doc === text) {
      return;
    }
    let start = 0;
    while (start < doc.length && start < text.length && doc[start] === text[start]) {
      start++;
    }
    let endOld = doc.length;
    let endNew = text.length;
    while (endOld > start && endNew > start && doc[endOld - 1] === text[endNew - 1]) {
      endOld--;
      endNew--;
    }
    this._sent = text;
    this._view.dispatch({ changes: { from: start, to: endOld, insert: text.slice(start, endNew) } });
  }

  getText() {
    return this._view ? this._view.state.doc.toString() : (this._pending ?? '');
  }

  /** Lints now rather than after the next pause (the Validate button). */
  lintNow() {
    if (this._view) {
      forceLinting(this._view);
    }
  }

  focusEditor() {
    this._view?.focus();
  }

  _sync() {
    const text = this.getText();
    if (text !== this._sent && this.$server) {
      this._sent = text;
      this.$server.sync(text);
    }
  }

  async _lint(view) {
    if (!this.$server) {
      return [];
    }
    const text = view.state.doc.toString();
    this._sent = text;
    this.setAttribute('state', 'linting');
    let findings;
    try {
      findings = await this.$server.lint(text);
    } catch (e) {
      this.setAttribute('state', 'error');
      return [];
    }
    if (view.state.doc.toString() !== text) {
      // typed on while the server worked: these findings are for an older text
      return [];
    }
    this.setAttribute('state', 'linted');
    const doc = view.state.doc;
    return (findings || []).map((f) => {
      const from = offset(doc, f.line, f.column);
      const to = Math.max(from, offset(doc, f.endLine, f.endColumn));
      const diagnostic = {
        from,
        to,
        severity: f.severity === 'ERROR' ? 'error' : f.severity === 'WARNING' ? 'warning' : 'info',
        source: f.code,
        message: f.message,
        renderMessage: () => render(f.message),
      };
      if (f.fix) {
        // kept relative to the diagnostic, which CodeMirror moves along with later edits
        const fixFrom = offset(doc, f.fix.line, f.fix.column) - from;
        const fixLength = Math.max(0, offset(doc, f.fix.endLine, f.fix.endColumn) - from - fixFrom);
        diagnostic.actions = [{
          name: f.fix.title,
          apply: (v, at) => {
            v.dispatch({ changes: { from: at + fixFrom, to: at + fixFrom + fixLength, insert: f.fix.replacement } });
          },
        }];
      }
      return diagnostic;
    });
  }
}

/** A message with its `quoted` parts set as code. */
function render(message) {
  const span = document.createElement('span');
  message.split('`').forEach((part, i) => {
    if (i % 2 === 1) {
      const code = document.createElement('code');
      code.textContent = part;
      span.append(code);
    } else {
      span.append(part);
    }
  });
  return span;
}

/** Offset of a 1-based line and UTF-16 column, clamped to the document. */
function offset(doc, line, column) {
  if (line < 1) {
    return 0;
  }
  if (line > doc.lines) {
    return doc.length;
  }
  const l = doc.line(line);
  return Math.min(l.to, l.from + Math.max(0, column - 1));
}

customElements.define('gantry-yaml-editor', GantryYamlEditor);
