package org.gantry.deps;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.gantry.deps.StepResult.Status;

/**
 * The step results a task script left in its status dir (see {@link TaskScriptRenderer}),
 * read after the script ended or while it runs.
 */
public final class StepResults {

    /** How many stderr lines of a step are kept by default. */
    public static final int DEFAULT_TAIL_LINES = 20;

    /** Only the end of a stderr file is read: pip or conda can write megabytes. */
    private static final int TAIL_BYTES = 64 * 1024;

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
        Map<DepsStep, StepResult> byStep = new EnumMap<>(DepsStep.class);
        try {
            for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
                parse(line).ifPresent(r -> byStep.put(r.step(), r));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<StepResult> results = new ArrayList<>();
        for (StepResult r : byStep.values()) {
            List<String> tail = tail(statusDir.resolve("step-" + r.step().stepName() + ".stderr"), tailLines);
            results.add(new StepResult(r.step(), r.status(), r.exitCode(), r.duration(), tail));
        }
        return new StepResults(results);
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
        return Optional.of(new StepResult(step.get(), status.get(), exit, duration, List.of()));
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
            List<String> all = new ArrayList<>(Arrays.asList(
                    new String(bytes, StandardCharsets.UTF_8).split("\r?\n")));
            if (from > 0 && !all.isEmpty()) {
                all.remove(0);  // cut in the middle
            }
            all.removeIf(String::isBlank);
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
