package org.gantry.diagnostics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The enabled failure patterns, compiled, in priority order: {@link #match} streams each text of
 * the evidence once, line by line through a {@link KeywordIndex}, runs a pattern's regex only on
 * lines holding one of its keywords, and returns the first pattern by priority whose conditions
 * all hold. Immutable and safe to share between threads; holds at most one buffer
 * ({@link #BUFFER} bytes) of a text at a time.
 */
public final class FailureCatalogue {

    static final int BUFFER = 1 << 20;

    private final List<FailurePattern> patterns;
    private final List<Optional<Pattern>> regexes;
    private final KeywordIndex keywords;
    /** Patterns with a regex and no keyword: their regex sees every line. */
    private final BitSet everyLine = new BitSet();
    private final BitSet withRegex = new BitSet();

    public FailureCatalogue(List<FailurePattern> all) {
        this.patterns = all.stream().filter(FailurePattern::enabled)
                .sorted(Comparator.comparingInt(FailurePattern::priority).thenComparingInt(FailurePattern::code))
                .toList();
        this.regexes = patterns.stream().map(p -> p.regex().map(Pattern::compile)).toList();
        this.keywords = new KeywordIndex(patterns.stream().map(FailurePattern::keywords).toList());
        for (int i = 0; i < patterns.size(); i++) {
            if (regexes.get(i).isPresent()) {
                withRegex.set(i);
                if (patterns.get(i).keywords().isEmpty()) {
                    everyLine.set(i);
                }
            }
        }
    }

    public List<FailurePattern> patterns() {
        return patterns;
    }

    /** The first pattern by priority that matches, with what it matched. */
    public Optional<Finding> match(Evidence evidence) {
        Hit[] hits = new Hit[patterns.size()];
        if (!withRegex.isEmpty()) {
            for (Evidence.Text text : evidence.texts()) {
                scan(text, hits);
            }
        }
        for (int i = 0; i < patterns.size(); i++) {
            FailurePattern p = patterns.get(i);
            if (!p.exitCodes().isEmpty() && (evidence.exitCode().isEmpty()
                    || !p.exitCodes().contains(evidence.exitCode().get()))) {
                continue;
            }
            if (p.signal().isPresent() && (evidence.exitCode().isEmpty()
                    || evidence.exitCode().get() != 128 + p.signal().getAsInt())) {
                continue;
            }
            if (p.step().isPresent() && !p.step().equals(evidence.failedStep())) {
                continue;
            }
            if (p.regex().isPresent() && hits[i] == null) {
                continue;
            }
            Hit hit = hits[i];
            return Optional.of(hit == null ? new Finding(p, Optional.empty(), Optional.empty(), List.of())
                    : new Finding(p, Optional.of(hit.line), Optional.of(hit.source), hit.groups));
        }
        return Optional.empty();
    }

    private record Hit(String line, String source, List<String> groups) {
    }

    /**
     * One pass over the text's bytes: the keyword automaton runs over each line as it is read and
     * a line's end hands its keywords' patterns to {@link #line}. A line cut by the buffer's end
     * moves to the buffer's start and goes on where the automaton stopped.
     */
    private void scan(Evidence.Text text, Hit[] hits) {
        try (InputStream in = text.opener().open()) {
            byte[] buffer = new byte[BUFFER];
            int filled = 0;
            int scanned = 0;
            int start = 0;
            boolean skipFirst = text.partial();
            BitSet found = new BitSet(patterns.size());
            KeywordIndex.Cursor cursor = new KeywordIndex.Cursor();
            while (true) {
                int read = in.read(buffer, filled, buffer.length - filled);
                boolean end = read < 0;
                if (!end) {
                    filled += read;
                    if (filled < buffer.length) {
                        continue;
                    }
                }
                int i = scanned;
                while (i < filled) {
                    int newline = keywords.feed(buffer, i, filled, cursor, found);
                    if (newline == filled) {
                        break;
                    }
                    if (!skipFirst) {
                        line(buffer, start, newline, text.name(), found, cursor.any(), hits);
                    }
                    skipFirst = false;
                    lineDone(cursor, found);
                    start = newline + 1;
                    i = start;
                }
                scanned = filled;
                if (end) {
                    if (start < filled && !skipFirst) {
                        line(buffer, start, filled, text.name(), found, cursor.any(), hits);
                    }
                    return;
                }
                if (start == 0) {
                    // a line longer than the buffer: its first BUFFER bytes stand for it
                    if (!skipFirst) {
                        line(buffer, 0, filled, text.name(), found, cursor.any(), hits);
                    }
                    skipFirst = true;
                    lineDone(cursor, found);
                    filled = 0;
                } else {
                    System.arraycopy(buffer, start, buffer, 0, filled - start);
                    filled -= start;
                    start = 0;
                }
                scanned = filled;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void lineDone(KeywordIndex.Cursor cursor, BitSet found) {
        if (cursor.any()) {
            found.clear();
        }
        cursor.reset();
    }

    /** A line's end: {@code found} holds the patterns whose keywords it has ({@code any}: at least one). */
    private void line(byte[] data, int from, int to, String source, BitSet found, boolean any, Hit[] hits) {
        if (!any && everyLine.isEmpty()) {
            return;
        }
        BitSet candidates = found;
        if (!everyLine.isEmpty()) {
            candidates = (BitSet) found.clone();
            candidates.or(everyLine);
        }
        if (to > from && data[to - 1] == '\r') {
            to--;
        }
        String line = null;
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            Optional<Pattern> regex = regexes.get(i);
            if (regex.isEmpty()) {
                continue;
            }
            if (line == null) {
                line = new String(data, from, to - from, StandardCharsets.UTF_8);
            }
            Matcher m = regex.get().matcher(line);
            if (m.find()) {
                List<String> groups = new ArrayList<>();
                for (int g = 1; g <= m.groupCount(); g++) {
                    if (m.group(g) != null) {
                        groups.add(m.group(g));
                    }
                }
                if (hits[i] != null && hits[i].groups.size() > groups.size()) {
                    continue;  // a later line with less to say (pip's "ResolutionImpossible") keeps the fuller one
                }
                String quoted = line.strip();
                hits[i] = new Hit(quoted.length() > Finding.MAX_LINE ? quoted.substring(0, Finding.MAX_LINE) + "…"
                        : quoted, source, groups);
            }
        }
    }
}
