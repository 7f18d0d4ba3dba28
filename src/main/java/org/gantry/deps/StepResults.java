package org.gantry.deps;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gantry.deps.StepResult.Status;

/**
 * The step results a task script left in its status dir (see {@link TaskScriptRenderer}),
 * read after the script ended or while it runs.
 */
public final class StepResults {

    /** How many stderr lines of a step are kept by default. */
    public static final int DEFAULT_TAIL_LINES = 20;

    /** Only the end of a stderr file is read: pip or conda can write megabytes. */
    public static final int TAIL_BYTES = 64 * 1024;

    /** The renderer's {@code gantry_steps=(env bash task)} line. */
    private static final Pattern PLANNED = Pattern.compile("^gantry_steps=\\(([A-Za-z ]*)\\)$", Pattern.MULTILINE);

    private final List<StepResult> steps;

    private StepResults(List<StepResult> steps) {
        this.steps = List.copyOf(steps);
    }

    /** Reads {@code statusDir} resolved against the task's working dir. */
    public static StepResults read(Path taskDir, String statusDir) {
        return read(taskDir.resolve(statusDir), DEFAULT_TAIL_LINES);
    }

    /**
     * Reads a status dir; a missing one (the script never started) gives no steps.
     *
     * @throws UncheckedIOException when the files exist but cannot be read
     */
    public static StepResults read(Path statusDir, int tailLines) {
        Path tsv = statusDir.resolve("steps.tsv");
        if (!Files.isRegularFile(tsv)) {
            return new StepResults(List.of());
        }
        try {
            return parse(Files.readString(tsv, StandardCharsets.UTF_8),
                    r -> tail(statusDir.resolve(stderrFile(r.step())), tailLines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses the text of {@code steps.tsv}, for callers that read the status files elsewhere (through
     * an executor). Unknown and torn lines are ignored.
     *
     * @param stderrTail the last stderr lines of a recorded step, asked once per step; return an
     *                   empty list for steps whose stderr is not wanted
     */
    public static StepResults parse(String tsv, Function<StepResult, List<String>> stderrTail) {
        Map<DepsStep, StepResult> byStep = new EnumMap<>(DepsStep.class);
        tsv.lines().forEach(line -> parse(line).ifPresent(r -> byStep.put(r.step(), r)));
        List<StepResult> results = new ArrayList<>();
        for (StepResult r : byStep.values()) {
            results.add(new StepResult(r.step(), r.status(), r.exitCode(), r.started(), r.duration(),
                    stderrTail.apply(r)));
        }
        return new StepResults(results);
    }

    /** The file a step's stderr is kept in, relative to the status dir. */
    public static String stderrFile(DepsStep step) {
        return "step-" + step.stepName() + ".stderr";
    }

    /**
     * The steps a task script will run, in order, read from its first lines (the renderer writes
     * them there); empty when {@code scriptStart} holds no such line.
     */
    public static List<DepsStep> plannedSteps(String scriptStart) {
        Matcher m = PLANNED.matcher(scriptStart);
        if (!m.find()) {
            return List.of();
        }
        return Arrays.stream(m.group(1).trim().split("\\s+")).map(DepsStep::fromStepName)
                .flatMap(Optional::stream).toList();
    }

    /**
     * The last {@code lines} non-blank lines of the end of a stderr file, oldest first.
     *
     * @param cut whether {@code text} starts somewhere inside the file, so that its first line
     *            may be a fragment and is dropped
     */
    public static List<String> lastLines(String text, boolean cut, int lines) {
        if (lines <= 0) {
            return List.of();
        }
        List<String> all = new ArrayList<>(Arrays.asList(text.split("\r?\n")));
        if (cut && !all.isEmpty()) {
            all.remove(0);
        }
        all.removeIf(String::isBlank);
        return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** The recorded steps in canonical order. */
    public List<StepResult> steps() {
        return steps;
    }

    public Optional<StepResult> step(DepsStep step) {
        return steps.stream().filter(s -> s.step() == step).findFirst();
    }

    /** The dependency step that stopped the task before its commands, if one did. */
    public Optional<StepResult> failedDependency() {
        return steps.stream()
                .filter(s -> s.step().isDependency() && s.status() == Status.FAILED)
                .findFirst();
    }

    /**
     * The message a task failed by a dependency step carries, e.g. "dependency step `pip` failed
     * (exit 1) after 3.2 s" followed by the step's last stderr lines.
     */
    public Optional<String> failureMessage() {
        return failedDependency().map(StepResult::failureMessage);
    }

    /** A failed callAfter, reported apart: it never changes the task's outcome. */
    public Optional<String> callAfterFailure() {
        return step(DepsStep.CALL_AFTER).filter(s -> s.status() == Status.FAILED)
                .map(StepResult::failureMessage);
    }

    private static Optional<StepResult> parse(String line) {
        String[] f = Arrays.copyOf(line.split("\t", -1), 5);
        Optional<DepsStep> step = DepsStep.fromStepName(f[0]);
        Optional<Status> status = parseStatus(f[1]);
        if (step.isEmpty() || status.isEmpty()) {
            return Optional.empty();  // a line from a newer script or torn by a crash
        }
        OptionalInt exit = parseLong(f[2]).stream().mapToInt(l -> (int) l).findFirst();
        OptionalLong start = parseLong(f[3]);
        OptionalLong end = parseLong(f[4]);
        Optional<Duration> duration = start.isPresent() && end.isPresent()
                ? Optional.of(Duration.ofMillis(Math.max(0, end.getAsLong() - start.getAsLong())))
                : Optional.empty();
        Optional<Instant> started = start.stream().mapToObj(Instant::ofEpochMilli).findFirst();
        return Optional.of(new StepResult(step.get(), status.get(), exit, started, duration, List.of()));
    }

    private static Optional<Status> parseStatus(String text) {
        return Arrays.stream(Status.values())
                .filter(s -> s.name().equalsIgnoreCase(text == null ? "" : text))
                .findFirst();
    }

    private static OptionalLong parseLong(String text) {
        if (text == null || text.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static List<String> tail(Path file, int lines) {
        if (lines <= 0 || !Files.isRegularFile(file)) {
            return List.of();
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            long from = Math.max(0, length - TAIL_BYTES);
            byte[] bytes = new byte[(int) (length - from)];
            in.seek(from);
            in.readFully(bytes);
            return lastLines(new String(bytes, StandardCharsets.UTF_8), from > 0, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
