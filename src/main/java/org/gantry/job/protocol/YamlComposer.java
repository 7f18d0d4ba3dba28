package org.gantry.job.protocol;

import java.util.Optional;
import org.gantry.job.protocol.Problem.Severity;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Turns text into a SnakeYAML node tree with safe limits, never throwing: every failure
 * becomes one {@code yaml-syntax} (or limit) problem at the best position known.
 *
 * <p>Only composition runs (no object construction), so tags cannot instantiate classes.
 * Aliases stay shared nodes; readers must spend the {@link Diagnostics} budget on them.
 */
public final class YamlComposer {

    private YamlComposer() {
    }

    /**
     * SnakeYAML's options with the protocol's limits (aliases, nesting, size); the editor's
     * form reads with them too.
     */
    public static LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(ProtocolLimits.MAX_COLLECTION_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(ProtocolLimits.MAX_NESTING_DEPTH);
        options.setCodePointLimit(ProtocolLimits.MAX_DOCUMENT_BYTES + 1);
        options.setProcessComments(false);
        return options;
    }

    /** The single document's root node; empty on failure (reported) or for an empty text. */
    static Optional<Node> compose(Diagnostics diagnostics) {
        SourceText source = diagnostics.source();
        StreamReader reader = new StreamReader(source.text());
        LoaderOptions options = options();
        Composer composer = new Composer(new ParserImpl(reader, options), new Resolver(), options);
        try {
            return Optional.ofNullable(composer.getSingleNode());
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            int offset = mark != null ? source.offset(mark) : source.offset(reader.getLine(), reader.getColumn());
            report(diagnostics, describe(e), offset);
        } catch (ReaderException e) {
            int offset = source.offsetOfCodePoint(e.getPosition());
            report(diagnostics, "character " + String.format("U+%04X", e.getCodePoint())
                    + " is not allowed in YAML (binary data or a control character?)", offset);
        } catch (YAMLException | StackOverflowError | IllegalArgumentException | IllegalStateException
                 | IndexOutOfBoundsException e) {
            // Limits (aliases, nesting, size) raise plain YAMLExceptions without a mark: the
            // reader's position is where composition stopped.
            report(diagnostics, limitMessage(e), source.offset(reader.getLine(), reader.getColumn()));
        }
        return Optional.empty();
    }

    private static void report(Diagnostics diagnostics, String message, int offset) {
        SourceText source = diagnostics.source();
        int end = Math.max(offset, Math.min(offset + 1, source.endOfLine(offset)));
        String code = message.startsWith("too ") ? "too-complex" : "yaml-syntax";
        diagnostics.addAt(Severity.ERROR, code, message, "", offset, end, Optional.empty());
    }

    private static String describe(MarkedYAMLException e) {
        String problem = plainWords(e.getProblem() != null ? e.getProblem() : "invalid YAML");
        if (problem.contains("(TAB)")) {
            return "YAML syntax: a tab character cannot indent YAML; indent with spaces";
        }
        if (e.getContext() != null && e.getContextMark() != null && e.getProblemMark() != null
                && e.getContextMark().getLine() != e.getProblemMark().getLine()) {
            return "YAML syntax: " + problem + " (" + e.getContext() + " started at line "
                    + (e.getContextMark().getLine() + 1) + ")";
        }
        return "YAML syntax: " + (e.getContext() != null ? e.getContext() + ": " : "") + problem;
    }

    /** SnakeYAML's token names, in words a job author knows. */
    private static String plainWords(String problem) {
        return problem.replace("\t", "\\t")
                .replace("<block end>", "the end of the indented block (check the indentation)")
                .replace("'<block mapping start>'", "a new indented mapping")
                .replace("'<block sequence start>'", "a new indented list")
                .replace("'<scalar>'", "a value")
                .replace("found undefined alias ", "found an alias to an undefined anchor: ");
    }

    private static String limitMessage(Throwable e) {
        String message = String.valueOf(e.getMessage());
        if (e instanceof StackOverflowError || message.contains("esting")) {
            return "too deeply nested: at most " + ProtocolLimits.MAX_NESTING_DEPTH + " levels are allowed";
        }
        if (message.contains("aliases")) {
            return "too many aliases: at most " + ProtocolLimits.MAX_COLLECTION_ALIASES
                    + " aliases to lists or mappings are allowed";
        }
        if (message.contains("code points")) {
            return "too large: the document exceeds " + ProtocolLimits.MAX_DOCUMENT_BYTES + " characters";
        }
        if (message.contains("ecursive")) {
            return "YAML syntax: recursive keys are not allowed";
        }
        return "YAML syntax: " + message;
    }
}
