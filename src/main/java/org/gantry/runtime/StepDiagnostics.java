package org.gantry.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gantry.deps.StepResults;

/**
 * Explains a failed attempt from what it left: the dependency step that stopped it
 * ("dependency step `pip` failed (exit 1) after 3.2 s" and its last stderr lines, from the
 * deps renderer's status files), else the last lines of the task's stderr; plus a failed
 * callAfter, reported apart.
 */
final class StepDiagnostics {

    private static final int STATUS_BYTES = 64 * 1024;
    private static final int TAIL_BYTES = 8 * 1024;
    private static final int TAIL_LINES = 10;

    private StepDiagnostics() {
    }

    static Optional<String> describe(Executor executor, ExecutionHandle handle) {
        try {
            Path copy = Files.createTempDirectory("gantry-steps");
            try {
                byte[] steps = executor.read(handle, AttemptFiles.STATUS_DIR + "/steps.tsv", 0, STATUS_BYTES).data();
                Files.write(copy.resolve("steps.tsv"), steps);
                for (String name : stepNames(new String(steps, StandardCharsets.UTF_8))) {
                    String file = "step-" + name + ".stderr";
                    Files.write(copy.resolve(file), tail(executor, handle, AttemptFiles.STATUS_DIR + "/" + file));
                }
                StepResults results = StepResults.read(copy, StepResults.DEFAULT_TAIL_LINES);
                List<String> parts = new ArrayList<>();
                results.failureMessage().ifPresentOrElse(parts::add, () -> stderrTail(executor, handle)
                        .ifPresent(tail -> parts.add("last lines of stderr:\n" + tail)));
                results.callAfterFailure().ifPresent(failure -> parts.add("(the task's result stands) " + failure));
                return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", parts));
            } finally {
                try (Stream<Path> files = Files.walk(copy)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException | ExecutorException | RuntimeException e) {
            return Optional.empty();  // diagnostics are a help; an attempt's end is recorded without them
        }
    }

    private static List<String> stepNames(String tsv) {
        return tsv.lines().map(line -> line.split("\t", 2)[0]).filter(n -> n.matches("[A-Za-z]+"))
                .distinct().toList();
    }

    private static byte[] tail(Executor executor, ExecutionHandle handle, String file) throws ExecutorException {
        LogChunk size = executor.read(handle, file, 0, 0);
        return executor.read(handle, file, Math.max(0, size.size() - TAIL_BYTES), TAIL_BYTES).data();
    }

    private static Optional<String> stderrTail(Executor executor, ExecutionHandle handle) {
        try {
            String text = new String(tail(executor, handle, LogStream.STDERR.fileName()), StandardCharsets.UTF_8);
            List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())));
        } catch (ExecutorException e) {
            return Optional.empty();
        }
    }
}
