package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.Problem.Severity;
import org.gantry.job.protocol.ScalarRewrite.Change;
import org.gantry.job.protocol.TemplateSites.Site;
import org.gantry.job.protocol.TemplateSyntax.Match;
import org.gantry.job.protocol.TemplateValues.Outcome;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * OpenPAI-style templates at submission: {@code <% $parameters.key %>},
 * {@code <% $secrets.key %>} (dots reach into nested secrets), {@code <% expression.key %>}
 * (the submitting user's stored expressions) and, inside a task role, {@code <% $data.name %>},
 * {@code <% $data.uri[0] %>}, {@code <% $script.uri %>}, {@code <% $output.name %>}. Spaces
 * inside {@code <% %>} are optional. {@link TemplateSites} lists where templates are resolved.
 *
 * <p>Unlike OpenPAI, which renders an unknown key as nothing, an unknown key is an ERROR
 * naming the key and its position. The result is the submitted text with each template
 * replaced: in place where the value fits the scalar's style, otherwise the whole scalar is
 * rewritten double-quoted, so that the resolved text reads back to exactly the intended
 * values (checked by reading it back). Comments and layout are kept.
 */
public final class Templating {

    private Templating() {
    }

    /**
     * Resolves the templates of {@code submittedYaml}, whose parsed form is {@code spec}.
     *
     * @param expressions the submitting user's expressions, key to value
     */
    public static TemplateResult resolve(String submittedYaml, JobSpec spec, Map<String, String> expressions) {
        SourceText source = new SourceText(submittedYaml);
        Diagnostics diagnostics = new Diagnostics(source);
        Optional<Node> root = YamlComposer.compose(diagnostics);
        if (root.isEmpty()) {
            return new TemplateResult(submittedYaml, diagnostics.problems());
        }
        return resolve(source, root.get(), diagnostics, spec, expressions);
    }

    /**
     * As {@link #resolve(String, JobSpec, Map)} for a document the parser has composed: the
     * tree is not composed again ({@code spec} may differ from the parsed one, as for secrets).
     */
    public static TemplateResult resolve(ParsedDocument document, JobSpec spec, Map<String, String> expressions) {
        if (document.root() == null) {
            return resolve(document.source().text(), spec, expressions);
        }
        return resolve(document.source(), document.root(), new Diagnostics(document.source()), spec, expressions);
    }

    private static TemplateResult resolve(SourceText source, Node tree, Diagnostics diagnostics, JobSpec spec,
                                          Map<String, String> expressions) {
        TemplateValues values = new TemplateValues(spec, Map.copyOf(expressions));
        Map<ScalarNode, Change> changes = new IdentityHashMap<>();
        Map<Node, Optional<String>> scopes = new IdentityHashMap<>();
        for (Site site : TemplateSites.find(tree, source)) {
            Optional<String> firstScope = scopes.putIfAbsent(site.node(), site.role());
            if (firstScope != null) {
                sharedAcrossRoles(site, firstScope, values, changes, diagnostics);
                continue;
            }
            resolveSite(site, source, values, diagnostics).ifPresent(value ->
                    changes.put(site.node(), new Change(value, inPlace(site, source, values))));
        }
        return new TemplateResult(ScalarRewrite.apply(source, tree, changes), diagnostics.problems());
    }

    /** Every template in a place where templates are resolved, in document order (for the linter). */
    public static List<TemplateReference> references(String yaml) {
        SourceText source = new SourceText(yaml);
        Diagnostics ignored = new Diagnostics(source);
        Optional<Node> root = YamlComposer.compose(ignored);
        if (root.isEmpty()) {
            return List.of();
        }
        List<TemplateReference> references = new ArrayList<>();
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Site site : TemplateSites.find(root.get(), source)) {
            if (!seen.add(site.node())) {
                continue;
            }
            int start = source.offset(site.node().getStartMark());
            for (Match match : TemplateSyntax.scan(source.text().substring(start, source.end(site.node())))) {
                TemplateSyntax.Parsed parsed = TemplateSyntax.parse(match.content());
                int from = start + match.start();
                int to = match.closed() ? start + match.end() : source.endOfLine(from);
                references.add(new TemplateReference(match.closed() ? parsed.kind() : TemplateReference.Kind.INVALID,
                        match.content(), parsed.key(), site.role(), site.path(), source.line(from),
                        source.column(from), source.line(to), source.column(to)));
            }
        }
        return references;
    }

    /** The scalar's value with its templates replaced, or empty (problems reported) when one fails. */
    private static Optional<String> resolveSite(Site site, SourceText source, TemplateValues values,
                                                Diagnostics diagnostics) {
        int start = source.offset(site.node().getStartMark());
        List<Match> written = TemplateSyntax.scan(source.text().substring(start, source.end(site.node())));
        String value = site.node().getValue();
        List<Match> inValue = TemplateSyntax.scan(value);
        if (written.isEmpty() && inValue.isEmpty()) {
            return Optional.empty();
        }
        boolean failed = false;
        for (Match match : written) {
            int from = start + match.start();
            if (!match.closed()) {
                diagnostics.addAt(Severity.ERROR, "bad-template", "`<%` without a closing `%>`", site.path(), from,
                        source.endOfLine(from), Optional.empty());
                failed = true;
                continue;
            }
            Outcome outcome = values.resolve(match.content(), site.role());
            if (outcome.value().isEmpty()) {
                diagnostics.addAt(Severity.ERROR, outcome.code(), outcome.message(), site.path(), from,
                        start + match.end(), Optional.empty());
                failed = true;
            }
        }
        if (failed) {
            return Optional.empty();
        }
        return substitute(value, inValue, values, site.role()).or(() -> {
            // Escapes in the source made a template that only exists in the value.
            diagnostics.error("bad-template", "a template spelled with escape sequences cannot be resolved",
                    site.path(), site.node());
            return Optional.empty();
        });
    }

    private static Optional<String> substitute(String text, List<Match> matches, TemplateValues values,
                                               Optional<String> role) {
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (Match match : matches) {
            Optional<String> value = match.closed() ? values.resolve(match.content(), role).value() : Optional.empty();
            if (value.isEmpty()) {
                return Optional.empty();
            }
            out.append(text, last, match.start()).append(value.get());
            last = match.end();
        }
        return Optional.of(out.append(text.substring(last)).toString());
    }

    /** The scalar's text with values in place of its templates, if its style can hold them. */
    private static Optional<String> inPlace(Site site, SourceText source, TemplateValues values) {
        int start = source.offset(site.node().getStartMark());
        String written = source.text().substring(start, source.end(site.node()));
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (Match match : TemplateSyntax.scan(written)) {
            Optional<String> fitted = values.resolve(match.content(), site.role()).value()
                    .flatMap(value -> YamlQuoting.inPlace(value, site.node().getScalarStyle()));
            if (fitted.isEmpty()) {
                return Optional.empty();
            }
            out.append(written, last, match.start()).append(fitted.get());
            last = match.end();
        }
        return Optional.of(out.append(written.substring(last)).toString());
    }

    /** A scalar reached through an alias from two task roles must mean the same in both. */
    private static void sharedAcrossRoles(Site site, Optional<String> firstScope, TemplateValues values,
                                          Map<ScalarNode, Change> changes, Diagnostics diagnostics) {
        Change first = changes.get(site.node());
        if (first == null || firstScope.equals(site.role())) {
            return;
        }
        Optional<String> here = substitute(site.node().getValue(), TemplateSyntax.scan(site.node().getValue()), values,
                site.role());
        if (here.isEmpty() || !here.get().equals(first.value())) {
            diagnostics.error("bad-template", "this value is shared through a YAML alias by task roles `"
                    + firstScope.orElse("") + "` and `" + site.role().orElse("") + "`, and its templates mean "
                    + "different things in each; write it out in each task role", site.path(), site.node());
        }
    }
}
