package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/** Test data for executors: launches of plain scripts, and waiting for attempts to end. */
public final class Launches {

    private Launches() {
    }

    public static TaskLaunch launch(String user, String job, String script) {
        return launch(new AttemptRef(user, job, "main", 0, 1), script, new Resources(1, 256, 0));
    }

    public static TaskLaunch launch(AttemptRef ref, String script, Resources resources) {
        TaskEnvironment.RoleLayout role = new TaskEnvironment.RoleLayout(ref.role(), ref.index() + 1, resources,
                OptionalInt.of(1), OptionalInt.empty(), java.util.Collections.nCopies(ref.index() + 1, "127.0.0.1"),
                java.util.Collections.nCopies(ref.index() + 1, Map.of()));
        Map<String, String> env = TaskEnvironment.of(new TaskEnvironment.Layout(ref.job(), ref.user(), "default",
                List.of(role), ref.role(), ref.index(), ref.attempt()));
        return new TaskLaunch(ref, script, env, resources);
    }

    /** Observes until the attempt reaches a final phase, then releases it as the reconciler does. */
    public static TaskObservation awaitFinal(Executor executor, ExecutionHandle handle, Duration timeout)
            throws Exception {
        Instant end = Instant.now().plus(timeout);
        while (Instant.now().isBefore(end)) {
            TaskObservation observation = executor.observe(handle);
            if (observation.isFinal()) {
                executor.release(handle);
                return observation;
            }
            Thread.sleep(100);
        }
        return fail("attempt " + handle + " did not end within " + timeout + "; last seen "
                + executor.observe(handle));
    }

    /** Observes until the attempt runs (or already ended). */
    public static TaskObservation awaitRunning(Executor executor, ExecutionHandle handle, Duration timeout)
            throws Exception {
        Instant end = Instant.now().plus(timeout);
        while (Instant.now().isBefore(end)) {
            TaskObservation observation = executor.observe(handle);
            if (observation.phase() != TaskObservation.Phase.QUEUED) {
                return observation;
            }
            Thread.sleep(100);
        }
        return fail("attempt " + handle + " did not start within " + timeout);
    }

    /** Waits until the log contains the text, and returns the whole log. */
    public static String awaitLog(Executor executor, ExecutionHandle handle, LogStream stream, String text,
                                  Duration timeout) throws Exception {
        Instant end = Instant.now().plus(timeout);
        String log = "";
        while (Instant.now().isBefore(end)) {
            log = log(executor, handle, stream);
            if (log.contains(text)) {
                return log;
            }
            Thread.sleep(100);
        }
        return fail("log " + stream + " of " + handle + " never contained '" + text + "': " + log);
    }

    public static String log(Executor executor, ExecutionHandle handle, LogStream stream) throws Exception {
        StringBuilder all = new StringBuilder();
        long offset = 0;
        while (true) {
            LogChunk chunk = executor.logs(handle, stream, offset, 4096);
            all.append(new String(chunk.data(), StandardCharsets.UTF_8));
            if (chunk.data().length == 0) {
                return all.toString();
            }
            offset = chunk.nextOffset();
        }
    }

    /** Asserts that nothing in the tree (the root included) grants group or others any access. */
    public static void assertClosedToOthers(Path root) throws IOException {
        Set<PosixFilePermission> others = Set.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_EXECUTE);
        try (var paths = Files.walk(root)) {
            assertThat(paths.filter(p -> !Files.isSymbolicLink(p)).filter(p -> {
                try {
                    return Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS).stream()
                            .anyMatch(others::contains);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).map(p -> p + " " + PosixFilePermissions.toString(permissions(p)))).as("open to others").isEmpty();
        }
    }

    private static Set<PosixFilePermission> permissions(Path path) {
        try {
            return Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
