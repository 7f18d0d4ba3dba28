package org.gantry.job.protocol;

import org.yaml.snakeyaml.nodes.Node;

/**
 * A document as {@link ProtocolParser#parseDocument} left it: the {@link ParseResult}, and the
 * composed tree kept for {@link Templating}, so that a submission composes its YAML once for
 * both. The tree stays inside this package.
 */
public final class ParsedDocument {

    private final ParseResult result;
    private final SourceText source;
    private final Node root;

    ParsedDocument(ParseResult result, SourceText source, Node root) {
        this.result = result;
        this.source = source;
        this.root = root;
    }

    public ParseResult result() {
        return result;
    }

    SourceText source() {
        return source;
    }

    /** Null when nothing could be composed. */
    Node root() {
        return root;
    }
}
