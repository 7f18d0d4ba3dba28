package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.ScalarRewrite.Change;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Job documents (submitted or resolved) and other text with a job's secret values taken out.
 *
 * <p>For anyone but the owner, {@link #forOthers} empties every value of the
 * {@code secrets} section and turns each other occurrence of a secret value (a value pasted
 * into a command, or put there by templating) back into its {@code <% $secrets.key %>}
 * reference: the document still parses and shows where secrets are used. For admins,
 * {@link #forAdmins} shows {@value #MASK} instead. Occurrences are found in parsed values
 * (whatever quoting or escaping wrote them) and in the text around them (comments). Values
 * shorter than {@value #MIN_OCCURRENCE_LENGTH} characters are emptied in the secrets section
 * only: replacing them wherever they occur would garble the document and hide nothing.
 * Mapping keys are structure and stay as written, even one equal to a secret value (OpenPAI's
 * own example uses the secret {@code password}, which is also a field name).
 */
public final class SecretRedaction {

    public static final String MASK = "******";
    public static final int MIN_OCCURRENCE_LENGTH = 4;

    private record Secret(String key, String value) {
    }

    private SecretRedaction() {
    }

    /** The document as shown to other users: secret values removed. */
    public static String forOthers(String yaml, JobSpec spec) {
        return redact(yaml, spec.secrets(), false);
    }

    /** The document as shown to admins: secret values masked. */
    public static String forAdmins(String yaml, JobSpec spec) {
        return redact(yaml, spec.secrets(), true);
    }

    /** Any text, such as a log line: every occurrence of a secret value masked. */
    public static String maskText(String text, Map<String, Object> secrets) {
        return replaceEverywhere(text, secrets(secrets), true);
    }

    static String redact(String yaml, Map<String, Object> secretMap, boolean mask) {
        List<Secret> secrets = secrets(secretMap);
        if (secrets.isEmpty()) {
            return yaml;
        }
        SourceText source = new SourceText(yaml);
        Optional<Node> root = YamlComposer.compose(new Diagnostics(source));
        if (root.isEmpty()) {
            return replaceEverywhere(yaml, secrets, mask);
        }
        Set<Node> inSecrets = Collections.newSetFromMap(new IdentityHashMap<>());
        secretsSection(root.get()).ifPresent(section -> collectValues(section, inSecrets));
        Set<Node> keys = keys(root.get());
        Map<ScalarNode, Change> changes = new IdentityHashMap<>();
        for (ScalarNode scalar : ScalarRewrite.scalars(root.get())) {
            if (keys.contains(scalar)) {
                continue;
            }
            if (inSecrets.contains(scalar)) {
                changes.put(scalar, new Change(mask ? MASK : "", Optional.empty()));
                continue;
            }
            String replaced = replace(scalar.getValue(), secrets, mask);
            if (!replaced.equals(scalar.getValue())) {
                changes.put(scalar, new Change(replaced, inPlace(scalar, source, secrets, mask)));
            }
        }
        String redacted = outsideScalars(ScalarRewrite.apply(source, root.get(), changes), secrets, mask);
        // Whatever the YAML looked like, no value may survive: a last textual pass settles it.
        return clean(redacted, secrets, mask) ? redacted : replaceEverywhere(redacted, secrets, mask);
    }

    /** The scalar's text with its secrets replaced where they are written as they are. */
    private static Optional<String> inPlace(ScalarNode scalar, SourceText source, List<Secret> secrets, boolean mask) {
        String written = source.text().substring(source.offset(scalar.getStartMark()), source.end(scalar));
        for (Secret secret : secrets) {
            if (secret.value().length() >= MIN_OCCURRENCE_LENGTH && written.contains(secret.value())) {
                Optional<String> fitted = YamlQuoting.inPlace(replacement(secret, mask), scalar.getScalarStyle());
                if (fitted.isEmpty()) {
                    return Optional.empty();
                }
                written = written.replace(secret.value(), fitted.get());
            }
        }
        return Optional.of(written);
    }

    /** Replaces secrets in the text outside scalars: comments, and the space between values. */
    private static String outsideScalars(String yaml, List<Secret> secrets, boolean mask) {
        SourceText source = new SourceText(yaml);
        Optional<Node> root = YamlComposer.compose(new Diagnostics(source));
        if (root.isEmpty()) {
            return replaceEverywhere(yaml, secrets, mask);
        }
        List<ScalarNode> scalars = new ArrayList<>(ScalarRewrite.scalars(root.get()));
        scalars.sort(Comparator.comparingInt(s -> source.offset(s.getStartMark())));
        StringBuilder out = new StringBuilder(yaml.length());
        int last = 0;
        for (ScalarNode scalar : scalars) {
            int start = source.offset(scalar.getStartMark());
            if (start < last) {
                continue;
            }
            int end = source.end(scalar);
            out.append(replace(yaml.substring(last, start), secrets, mask)).append(yaml, start, end);
            last = end;
        }
        return out.append(replace(yaml.substring(last), secrets, mask)).toString();
    }

    /** No secret in any value or between values; keys may equal a secret (they are structure). */
    private static boolean clean(String yaml, List<Secret> secrets, boolean mask) {
        SourceText source = new SourceText(yaml);
        Optional<Node> root = YamlComposer.compose(new Diagnostics(source));
        if (root.isEmpty()) {
            return false;
        }
        Set<Node> keys = keys(root.get());
        List<ScalarNode> scalars = ScalarRewrite.scalars(root.get());
        StringBuilder outsideKeys = new StringBuilder(yaml);
        scalars.stream().filter(keys::contains)
                .sorted(Comparator.comparingInt((ScalarNode s) -> source.offset(s.getStartMark())).reversed())
                .forEach(key -> outsideKeys.replace(source.offset(key.getStartMark()), source.end(key), "\n"));
        String text = outsideKeys.toString();
        boolean textClean = secrets.stream()
                .noneMatch(s -> s.value().length() >= MIN_OCCURRENCE_LENGTH && text.contains(s.value()));
        return textClean && scalars.stream().filter(s -> !keys.contains(s))
                .allMatch(s -> replace(s.getValue(), secrets, mask).equals(s.getValue()));
    }

    /** Scalars used as mapping keys. */
    private static Set<Node> keys(Node root) {
        Set<Node> keys = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Node> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Node node = pending.remove(pending.size() - 1);
            if (!seen.add(node)) {
                continue;
            }
            if (node instanceof SequenceNode sequence) {
                pending.addAll(sequence.getValue());
            } else if (node instanceof MappingNode mapping) {
                mapping.getValue().forEach(tuple -> {
                    if (tuple.getKeyNode() instanceof ScalarNode) {
                        keys.add(tuple.getKeyNode());
                    }
                    pending.add(tuple.getValueNode());
                });
            }
        }
        return keys;
    }

    private static List<Secret> secrets(Map<String, Object> secretMap) {
        List<Secret> secrets = new ArrayList<>();
        flatten("", secretMap, secrets);
        // Longest first, so that a secret containing another is replaced whole.
        secrets.sort(Comparator.comparingInt((Secret s) -> s.value().length()).reversed());
        return secrets;
    }

    private static void flatten(String prefix, Object value, List<Secret> out) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, out));
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                flatten(prefix + "." + i, list.get(i), out);
            }
        } else if (value != null && !value.toString().isEmpty()) {
            out.add(new Secret(prefix, value.toString()));
        }
    }

    private static Optional<Node> secretsSection(Node root) {
        if (root instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                if (tuple.getKeyNode() instanceof ScalarNode key && key.getValue().equals("secrets")) {
                    return Optional.of(tuple.getValueNode());
                }
            }
        }
        return Optional.empty();
    }

    /** Scalars that are values (not keys) under {@code node}. */
    private static void collectValues(Node node, Set<Node> out) {
        if (node instanceof ScalarNode) {
            out.add(node);
        } else if (out.add(node)) {
            if (node instanceof SequenceNode sequence) {
                sequence.getValue().forEach(item -> collectValues(item, out));
            } else if (node instanceof MappingNode mapping) {
                mapping.getValue().forEach(tuple -> collectValues(tuple.getValueNode(), out));
            }
        }
    }

    private static String replace(String text, List<Secret> secrets, boolean mask) {
        String result = text;
        for (Secret secret : secrets) {
            if (secret.value().length() >= MIN_OCCURRENCE_LENGTH && result.contains(secret.value())) {
                result = result.replace(secret.value(), replacement(secret, mask));
            }
        }
        return result;
    }

    private static String replacement(Secret secret, boolean mask) {
        String replacement = mask ? MASK : "<% $secrets." + secret.key() + " %>";
        // A secret that is part of its own replacement would come back: leave nothing then.
        return replacement.contains(secret.value()) ? "" : replacement;
    }

    private static String replaceEverywhere(String text, List<Secret> secrets, boolean mask) {
        String result = replace(text, secrets, mask);
        boolean changed = true;
        while (changed) {
            // Each round only shortens the text, so this ends.
            changed = false;
            for (Secret secret : secrets) {
                if (secret.value().length() >= MIN_OCCURRENCE_LENGTH && result.contains(secret.value())) {
                    result = result.replace(secret.value(), "");
                    changed = true;
                }
            }
        }
        return result;
    }
}
