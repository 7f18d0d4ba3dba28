package org.gantry.usage;

import java.io.IOException;
import java.io.Writer;

/**
 * Where usage writes its export files: the one thing usage needs of a storage. Paths are
 * relative and use {@code /} ({@code history/2026-12-01.csv}); an implementation refuses
 * any that would leave its root. See docs/decisions/0023-usage-history-export.md.
 */
public interface ExportStore {

    /** Writes a file body; the file appears complete or not at all. */
    interface Body {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes {@code path} in UTF-8, replacing any file there, and returns where it landed
     * (for messages and the audit log).
     *
     * @throws IllegalArgumentException when the path is absolute or leaves the root
     * @throws IOException when the storage fails
     */
    String write(String path, Body body) throws IOException;
}
