package org.gantry.job.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.Tag;

/**
 * The editor view's narrow layout, as a style element in the view: below 760 px the YAML and
 * the form stack instead of sharing a row, and the view scrolls. Sizes the layouts set inline
 * (full height, the form's fixed width) need {@code !important} to give way.
 */
@Tag("style")
final class EditorStyle extends Component {

    /** Widest window that stacks the panes. */
    static final int NARROW_PX = 760;

    private static final String CSS = """
            @media (max-width: %dpx) {
              .job-editor { overflow-y: auto; padding: var(--lumo-space-s) !important; }
              .job-editor-body { flex-direction: column !important; height: auto !important; flex: none !important; }
              .job-editor-main { height: 65vh !important; min-height: 18rem; width: 100%% !important;
                flex: none !important; }
              .job-editor-side { width: 100%% !important; min-width: 0 !important; overflow: visible !important; }
            }
            """.formatted(NARROW_PX);

    private EditorStyle() {
        getElement().setText(CSS);
    }

    static EditorStyle narrow() {
        return new EditorStyle();
    }
}
