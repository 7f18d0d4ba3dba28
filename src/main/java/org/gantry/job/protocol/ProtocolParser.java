package org.gantry.job.protocol;

import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.Problem.Severity;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Parses and validates OpenPAI job protocol v2 documents (YAML), with Gantry's {@code deps}.
 *
 * <p>Never throws: malformed, hostile or huge input gives a {@link ParseResult} with ERROR
 * problems. Every problem the document has is reported at once, each with its position and
 * field path; the spec is present only when there is no ERROR. Stateless and thread-safe;
 * fast enough to run on every keystroke of an editor (one composition of the text, one
 * pass over the tree).
 *
 * <p>What is checked follows OpenPAI's schema for protocol v2 (required fields, types,
 * name patterns, references from task roles to prerequisites and from defaults to
 * deployments), with the severity rule for unknown fields described on {@link Fields} and in
 * docs/decisions/0002-protocol-validation.md.
 */
public final class ProtocolParser {

    private final TaskLimits taskLimits;

    /** A parser for stored documents: no bound on the number of tasks. */
    public ProtocolParser() {
        this(TaskLimits.UNBOUNDED);
    }

    /** A parser for documents being accepted: more tasks than {@code taskLimits} allow are errors. */
    public ProtocolParser(TaskLimits taskLimits) {
        this.taskLimits = taskLimits;
    }

    public ParseResult parse(String text) {
        return parseDocument(text).result();
    }

    /**
     * As {@link #parse}, keeping the composed tree: {@link Templating#resolve(ParsedDocument,
     * JobSpec, java.util.Map)} then templates the document without composing it again.
     */
    public ParsedDocument parseDocument(String text) {
        String document = text == null ? "" : text;
        SourceText source = new SourceText(document.length() > ProtocolLimits.MAX_DOCUMENT_BYTES ? "" : document);
        Diagnostics diagnostics = new Diagnostics(source);
        if (exceedsLimit(document)) {
            diagnostics.addAt(Severity.ERROR, "too-large", "the document is larger than "
                    + ProtocolLimits.MAX_DOCUMENT_BYTES / 1024 + " KiB", "", 0, 0, Optional.empty());
            return new ParsedDocument(new ParseResult(Optional.empty(), diagnostics.problems()), source, null);
        }
        try {
            Optional<Node> root = YamlComposer.compose(diagnostics)
                    .filter(node -> !(Values.isNull(node) && ((ScalarNode) node).isPlain()));
            if (root.isEmpty()) {
                if (!diagnostics.hasErrors()) {
                    diagnostics.addAt(Severity.ERROR, "empty-document", "the document is empty; a job needs at least"
                            + " protocolVersion, name, type and taskRoles", "", 0, 0, Optional.empty());
                }
                return new ParsedDocument(new ParseResult(Optional.empty(), diagnostics.problems()), source, null);
            }
            DocumentChecks.check(root.get(), diagnostics);
            Optional<JobSpec> spec = new JobSpecReader(diagnostics).read(root.get());
            spec.ifPresent(s -> taskLimits.check(s, root.get(), diagnostics));
            return new ParsedDocument(new ParseResult(diagnostics.hasErrors() ? Optional.empty() : spec,
                    diagnostics.problems()), source, root.get());
        } catch (RuntimeException | StackOverflowError e) {
            // A bug of ours, not the user's: still an answer rather than an exception.
            diagnostics.addAt(Severity.ERROR, "internal-error", "the document could not be checked ("
                    + e.getClass().getSimpleName() + ")", "", 0, 0, Optional.empty());
            return new ParsedDocument(new ParseResult(Optional.empty(), diagnostics.problems()), source, null);
        }
    }

    /** UTF-8 size above the limit, counted without encoding the whole text. */
    static boolean exceedsLimit(String text) {
        if (text.length() > ProtocolLimits.MAX_DOCUMENT_BYTES) {
            return true;
        }
        if (text.length() <= ProtocolLimits.MAX_DOCUMENT_BYTES / 3) {
            return false;
        }
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes > ProtocolLimits.MAX_DOCUMENT_BYTES;
    }

    /** Problems only, for callers that do not need the spec (the linter). */
    public List<Problem> check(String text) {
        return parse(text).problems();
    }
}
