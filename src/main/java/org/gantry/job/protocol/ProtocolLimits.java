package org.gantry.job.protocol;

/**
 * Bounds on what a job document may contain. See docs/decisions/0002-protocol-validation.md
 * for why each is where it is.
 */
public final class ProtocolLimits {

    /** Largest accepted document, in UTF-8 bytes, checked before any parsing. */
    public static final int MAX_DOCUMENT_BYTES = 1024 * 1024;

    /** Job, prerequisite and deployment names; parameter and secret keys. */
    public static final int MAX_NAME_LENGTH = 255;

    /** Task role names and port labels: they become parts of environment variable names. */
    public static final int MAX_ROLE_NAME_LENGTH = 64;

    /** User expression keys, as in {@code <% expression.key %>}. */
    public static final int MAX_EXPRESSION_KEY_LENGTH = 64;

    /** Deepest nesting of YAML collections. */
    public static final int MAX_NESTING_DEPTH = 50;

    /** Aliases to collections: enough for sharing task role settings, too few for bombs. */
    public static final int MAX_COLLECTION_ALIASES = 50;

    /** Nodes visited while reading one document, aliases counted each time they are used. */
    public static final int MAX_VISITED_NODES = 250_000;

    /** Problems reported for one document; beyond this, one more says there are more. */
    public static final int MAX_PROBLEMS = 500;

    private ProtocolLimits() {
    }
}
