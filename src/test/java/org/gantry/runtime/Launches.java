package org.gantry.runtime;

import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

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
}
