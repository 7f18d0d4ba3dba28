package org.gantry.job.protocol;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Typed reads of YAML values; a wrong type becomes a {@code type-mismatch} error naming
 * what was expected and what was found, and an empty result.
 *
 * <p>Where a string is expected any scalar but null is taken as written ({@code version:
 * 1.0} is "1.0"), as OpenPAI's examples rely on. Integers must be written as numbers.
 */
final class Values {

    private Values() {
    }

    static String label(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    /** How a node reads to a person: "a mapping", "the string `abc`", "nothing (null)". */
    static String describe(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode scalar = (ScalarNode) node;
        String value = scalar.getValue().length() > 40 ? scalar.getValue().substring(0, 40) + "…" : scalar.getValue();
        value = value.replace("\n", "\\n").replace("`", "'");
        Tag tag = scalar.getTag();
        if (tag.equals(Tag.NULL)) {
            return "nothing (null)";
        }
        if (tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) {
            return "the number `" + value + "`";
        }
        if (tag.equals(Tag.BOOL)) {
            return "the boolean `" + value + "`";
        }
        return "the string `" + value + "`";
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode scalar && scalar.getTag().equals(Tag.NULL);
    }

    static Optional<String> string(Node node, String path, Diagnostics diagnostics) {
        if (node instanceof ScalarNode scalar && !isNull(node)) {
            return Optional.of(scalar.getValue());
        }
        return mismatch(node, path, "a string", diagnostics);
    }

    /** Any scalar as written; null reads as the empty string. */
    static Optional<String> scalar(Node node, String path, Diagnostics diagnostics) {
        if (node instanceof ScalarNode scalar) {
            return Optional.of(isNull(node) ? "" : scalar.getValue());
        }
        return mismatch(node, path, "a single value (string, number or boolean)", diagnostics);
    }

    static Optional<Integer> integer(Node node, String path, int min, Diagnostics diagnostics) {
        String expected = min == 0 ? "a non-negative integer" : min == 1 ? "a positive integer"
                : "an integer of at least " + min;
        Optional<BigInteger> number = integerValue(node);
        if (number.isEmpty()) {
            boolean quoted = node instanceof ScalarNode scalar && scalar.getTag().equals(Tag.STR)
                    && scalar.getValue().matches("[-+]?[0-9]{1,18}");
            diagnostics.error("type-mismatch", label(path) + "expected " + expected + ", found " + describe(node)
                    + (quoted ? " (write the number without quotes)" : ""), path, node);
            return Optional.empty();
        }
        BigInteger value = number.get();
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.bitLength() > 31) {
            diagnostics.error("out-of-range", label(path) + "expected " + expected + " (at most "
                    + Integer.MAX_VALUE + "), found " + describe(node), path, node);
            return Optional.empty();
        }
        return Optional.of(value.intValue());
    }

    /** An integer, or empty for null; OpenPAI's completion counts allow both. */
    static Optional<OptionalInt> nullableInteger(Node node, String path, int min, Diagnostics diagnostics) {
        if (isNull(node)) {
            return Optional.of(OptionalInt.empty());
        }
        return integer(node, path, min, diagnostics).map(OptionalInt::of);
    }

    static Optional<Boolean> bool(Node node, String path, Diagnostics diagnostics) {
        if (node instanceof ScalarNode scalar && scalar.getTag().equals(Tag.BOOL)) {
            return Optional.of(isTrue(scalar));
        }
        return mismatch(node, path, "true or false", diagnostics);
    }

    /** A list of strings; an error for an empty list when {@code nonEmpty}. */
    static Optional<List<String>> strings(Node node, String path, boolean nonEmpty, Diagnostics diagnostics) {
        if (!(node instanceof SequenceNode sequence)) {
            return mismatch(node, path, "a list of strings", diagnostics);
        }
        if (nonEmpty && sequence.getValue().isEmpty()) {
            diagnostics.error("invalid-value", label(path) + "needs at least one entry", path, node);
            return Optional.empty();
        }
        List<String> values = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < sequence.getValue().size(); i++) {
            Node item = sequence.getValue().get(i);
            if (!diagnostics.visit(item)) {
                return Optional.empty();
            }
            Optional<String> value = string(item, path + "[" + i + "]", diagnostics);
            value.ifPresent(values::add);
            ok &= value.isPresent();
        }
        return ok ? Optional.of(values) : Optional.empty();
    }

    /** YAML 1.1 booleans, as SnakeYAML resolves them: true/yes/on in any case are true. */
    static boolean isTrue(ScalarNode bool) {
        return List.of("true", "yes", "on").contains(bool.getValue().toLowerCase(Locale.ROOT));
    }

    /** The integer a scalar denotes: YAML 1.1 ints (decimal, 0x, 0o/0 octal, 0b) or integral floats. */
    static Optional<BigInteger> integerValue(Node node) {
        if (!(node instanceof ScalarNode scalar)) {
            return Optional.empty();
        }
        String text = scalar.getValue().replace("_", "");
        try {
            if (scalar.getTag().equals(Tag.INT)) {
                return Optional.of(parseInt(text));
            }
            if (scalar.getTag().equals(Tag.FLOAT) && text.matches("[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?")) {
                BigDecimal decimal = new BigDecimal(text);
                if (decimal.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0
                        && decimal.stripTrailingZeros().scale() <= 0) {
                    return Optional.of(decimal.toBigIntegerExact());
                }
            }
        } catch (NumberFormatException | ArithmeticException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static BigInteger parseInt(String text) {
        boolean negative = text.startsWith("-");
        String digits = text.startsWith("-") || text.startsWith("+") ? text.substring(1) : text;
        if (digits.length() > 64) {
            throw new NumberFormatException("too long");
        }
        BigInteger value;
        if (digits.startsWith("0x")) {
            value = new BigInteger(digits.substring(2), 16);
        } else if (digits.startsWith("0b")) {
            value = new BigInteger(digits.substring(2), 2);
        } else if (digits.startsWith("0o")) {
            value = new BigInteger(digits.substring(2), 8);
        } else if (digits.length() > 1 && digits.startsWith("0")) {
            value = new BigInteger(digits.substring(1), 8);
        } else {
            value = new BigInteger(digits);
        }
        return negative ? value.negate() : value;
    }

    private static <T> Optional<T> mismatch(Node node, String path, String expected, Diagnostics diagnostics) {
        diagnostics.error("type-mismatch", label(path) + "expected " + expected + ", found " + describe(node),
                path, node);
        return Optional.empty();
    }
}
