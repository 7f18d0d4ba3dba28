package org.gantry.job.lint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Splits a bash script into simple commands and words, keeping each word's offsets, so that
 * rules can look at command names and arguments without running anything.
 *
 * <p>It understands what job commands use: quotes, escapes, {@code $(...)}, {@code ${...}},
 * backquotes, {@code <% %>} templates (one opaque piece of a word), comments, operators
 * ({@code ; && || | & ( )}), redirections (their targets are kept apart) and here-documents
 * (their bodies are skipped). Reserved words in command position ({@code if then do …}) are
 * dropped, so {@code if [ -d x ]; then cd x; fi} gives {@code [ -d x ]} and {@code cd x}.
 * It never fails: what it cannot read becomes ordinary words.
 */
final class ShellWords {

    /** What joins a command to the one before it. */
    enum Joint { START, SEQUENCE, AND, OR, PIPE, BACKGROUND }

    /** A word as written: {@code raw} is the script text from {@code start} to {@code end}. */
    record Word(String raw, int start, int end) {

        /** The word's value when it has no expansion or glob: quotes and escapes removed. */
        Optional<String> literal() {
            StringBuilder out = new StringBuilder();
            boolean single = false;
            boolean dbl = false;
            for (int i = 0; i < raw.length(); i++) {
                char c = raw.charAt(i);
                if (single) {
                    if (c == '\'') {
                        single = false;
                    } else {
                        out.append(c);
                    }
                } else if (c == '\'' && !dbl) {
                    single = true;
                } else if (c == '"') {
                    dbl = !dbl;
                } else if (c == '\\' && i + 1 < raw.length()) {
                    out.append(raw.charAt(++i));
                } else if (c == '$' || c == '`' || (c == '<' && raw.startsWith("<%", i))
                        || (!dbl && (c == '*' || c == '?' || c == '[' || c == '~'))) {
                    return Optional.empty();
                } else {
                    out.append(c);
                }
            }
            return Optional.of(out.toString());
        }
    }

    /**
     * A simple command: assignments before it, its words (name first), redirection targets.
     * {@code functionName} is set for {@code name() ...}, a definition rather than a call.
     */
    record Command(List<Word> assignments, List<Word> words, List<Word> redirects, Joint joint,
                   Optional<String> functionName) {

        Optional<Word> name() {
            return words.isEmpty() ? Optional.empty() : Optional.of(words.get(0));
        }

        List<Word> args() {
            return words.size() <= 1 ? List.of() : words.subList(1, words.size());
        }

        /** The command's literal name, or empty. */
        String literalName() {
            return name().map(w -> w.raw().equals("[") || w.raw().equals("[[") ? Optional.of(w.raw()) : w.literal())
                    .flatMap(w -> w).orElse("");
        }

        /** Offset where the command starts in the script. */
        int start() {
            int first = Integer.MAX_VALUE;
            if (!assignments.isEmpty()) {
                first = assignments.get(0).start();
            }
            if (!words.isEmpty()) {
                first = Math.min(first, words.get(0).start());
            }
            return first == Integer.MAX_VALUE ? 0 : first;
        }
    }

    private static final Set<String> RESERVED = Set.of("if", "then", "else", "elif", "fi", "do", "done", "while",
            "until", "!", "{", "}", "time", "esac", "in");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\[[^]]*])?\\+?=.*",
            Pattern.DOTALL);

    private final String s;
    private final int n;
    private final List<Command> commands = new ArrayList<>();
    private final Deque<String[]> heredocs = new ArrayDeque<>();
    private List<Word> assignments = new ArrayList<>();
    private List<Word> words = new ArrayList<>();
    private List<Word> redirects = new ArrayList<>();
    private Joint joint = Joint.START;
    private Optional<String> functionName = Optional.empty();
    private int wordStart = -1;
    private boolean redirectPending;
    private boolean heredocPending;
    private boolean heredocStripsTabs;

    private ShellWords(String script) {
        this.s = script;
        this.n = script.length();
    }

    static List<Command> parse(String script) {
        ShellWords words = new ShellWords(script);
        words.run();
        return words.commands;
    }

    private void run() {
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n && s.charAt(i + 1) == '\n') {
                endWord(i);
                i += 2;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                endWord(i);
                i++;
            } else if (c == '\n') {
                endWord(i);
                endCommand(Joint.SEQUENCE);
                i = skipHeredocs(i + 1);
            } else if (c == '#' && wordStart < 0) {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == ';') {
                endWord(i);
                endCommand(Joint.SEQUENCE);
                i += i + 1 < n && s.charAt(i + 1) == ';' ? 2 : 1;
            } else if (c == '&' && i + 1 < n && s.charAt(i + 1) == '&') {
                endWord(i);
                endCommand(Joint.AND);
                i += 2;
            } else if (c == '&' && i + 1 < n && s.charAt(i + 1) == '>') {
                endWord(i);
                i = redirect(i + 1);
            } else if (c == '&') {
                endWord(i);
                endCommand(Joint.BACKGROUND);
                i++;
            } else if (c == '|') {
                endWord(i);
                endCommand(i + 1 < n && s.charAt(i + 1) == '|' ? Joint.OR : Joint.PIPE);
                i += i + 1 < n && (s.charAt(i + 1) == '|' || s.charAt(i + 1) == '&') ? 2 : 1;
            } else if (c == '(' && wordStart < 0 && i + 1 < n && s.charAt(i + 1) == '(') {
                // (( arithmetic )): names in it are not commands
                i = skipBalanced(i, '(', ')');
                endCommand(Joint.SEQUENCE);
            } else if (c == '(' || c == ')') {
                boolean definition = c == '(' && assignments.isEmpty() && nextNonBlank(i + 1) == ')'
                        && ((wordStart >= 0 && words.isEmpty()) || (wordStart < 0 && words.size() == 1));
                endWord(i);
                if (definition) {
                    functionName = Optional.of(words.get(0).raw());
                    words = new ArrayList<>();
                    i = s.indexOf(')', i) + 1;
                }
                endCommand(Joint.START);
                if (!definition) {
                    i++;
                }
            } else if ((c == '<' || c == '>') && !(c == '<' && i + 1 < n && s.charAt(i + 1) == '%')
                    && !(i + 1 < n && s.charAt(i + 1) == '(')) {
                if (wordStart >= 0 && isFileDescriptor(wordStart, i)) {
                    wordStart = -1;
                }
                endWord(i);
                i = redirect(i);
            } else {
                if (wordStart < 0) {
                    wordStart = i;
                }
                i = skipWordPart(i);
            }
        }
        endWord(n);
        endCommand(Joint.SEQUENCE);
    }

    private int redirect(int i) {
        int start = i;
        if (s.startsWith("<<<", i)) {
            i += 3;
        } else if (s.startsWith("<<", i)) {
            i += 2;
            heredocPending = true;
            heredocStripsTabs = i < n && s.charAt(i) == '-';
            if (heredocStripsTabs) {
                i++;
            }
        } else {
            i++;
            if (i < n && (s.charAt(i) == '>' || s.charAt(i) == '&' || s.charAt(i) == '|')) {
                i++;
            }
        }
        redirectPending = i > start;
        return i;
    }

    /** Skips one piece of a word: a quoted string, an expansion, an escape or a plain character. */
    private int skipWordPart(int i) {
        char c = s.charAt(i);
        if (c == '\'') {
            int close = s.indexOf('\'', i + 1);
            return close < 0 ? n : close + 1;
        }
        if (c == '"') {
            int j = i + 1;
            while (j < n && s.charAt(j) != '"') {
                if (s.charAt(j) == '\\') {
                    j += 2;
                } else if (s.charAt(j) == '$' && j + 1 < n && s.charAt(j + 1) == '(') {
                    j = skipBalanced(j + 1, '(', ')');
                } else if (s.charAt(j) == '`') {
                    int close = s.indexOf('`', j + 1);
                    j = close < 0 ? n : close + 1;
                } else {
                    j++;
                }
            }
            return Math.min(n, j + 1);
        }
        if (c == '\\') {
            return Math.min(n, i + 2);
        }
        if (c == '<' && s.startsWith("<%", i)) {
            int close = s.indexOf("%>", i + 2);
            return close < 0 ? n : close + 2;
        }
        if ((c == '$' || c == '<' || c == '>') && i + 1 < n && s.charAt(i + 1) == '(') {
            return skipBalanced(i + 1, '(', ')');
        }
        if (c == '$' && i + 1 < n && s.charAt(i + 1) == '{') {
            return skipBalanced(i + 1, '{', '}');
        }
        if (c == '`') {
            int close = s.indexOf('`', i + 1);
            return close < 0 ? n : close + 1;
        }
        return i + 1;
    }

    /** From an opening bracket at {@code i} to just past its match, minding quotes. */
    private int skipBalanced(int i, char open, char close) {
        int depth = 0;
        int j = i;
        while (j < n) {
            char c = s.charAt(j);
            if (c == open) {
                depth++;
                j++;
            } else if (c == close) {
                depth--;
                j++;
                if (depth == 0) {
                    return j;
                }
            } else if (c == '\'' || c == '"' || c == '\\' || c == '`') {
                j = skipWordPart(j);
            } else {
                j++;
            }
        }
        return n;
    }

    private void endWord(int end) {
        if (wordStart < 0) {
            return;
        }
        Word word = new Word(s.substring(wordStart, end), wordStart, end);
        wordStart = -1;
        if (redirectPending) {
            redirects.add(word);
            redirectPending = false;
            if (heredocPending) {
                heredocs.add(new String[] {word.literal().orElse(word.raw().replaceAll("[\"'\\\\]", "")),
                        heredocStripsTabs ? "-" : ""});
                heredocPending = false;
            }
        } else if (words.isEmpty() && ASSIGNMENT.matcher(word.raw()).matches()) {
            assignments.add(word);
        } else if (words.isEmpty() && assignments.isEmpty() && RESERVED.contains(word.raw())) {
            // a reserved word in command position opens or closes a compound command
            if (!word.raw().equals("in")) {
                return;
            }
        } else {
            words.add(word);
        }
    }

    private void endCommand(Joint next) {
        if (!words.isEmpty() || !assignments.isEmpty() || !redirects.isEmpty() || functionName.isPresent()) {
            commands.add(new Command(List.copyOf(assignments), List.copyOf(words), List.copyOf(redirects), joint,
                    functionName));
            joint = next;
        } else if (next == Joint.START) {
            // an empty command (a blank line, a bracket) keeps what joined the last one
            joint = Joint.START;
        }
        assignments = new ArrayList<>();
        words = new ArrayList<>();
        redirects = new ArrayList<>();
        functionName = Optional.empty();
        redirectPending = false;
    }

    private int skipHeredocs(int i) {
        while (!heredocs.isEmpty() && i < n) {
            String[] doc = heredocs.peek();
            int lineEnd = s.indexOf('\n', i);
            int end = lineEnd < 0 ? n : lineEnd;
            String line = s.substring(i, end);
            if (doc[1].equals("-")) {
                line = line.replaceFirst("^\t+", "");
            }
            if (line.equals(doc[0])) {
                heredocs.pop();
            }
            i = end + 1;
        }
        heredocs.clear();
        return Math.min(i, n);
    }

    private boolean isFileDescriptor(int from, int to) {
        for (int k = from; k < to; k++) {
            if (!Character.isDigit(s.charAt(k))) {
                return false;
            }
        }
        return to > from;
    }

    private char nextNonBlank(int i) {
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i < n ? s.charAt(i) : '\0';
    }
}
