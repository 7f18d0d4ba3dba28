package org.gantry.runtime.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settling an attempt through a shell: the fence and the runner's claim, with bash on this machine. */
class RemoteAttemptsTest {

    private final ProcessShell bash = new ProcessShell(Map.of(), Duration.ofSeconds(30));

    @TempDir
    Path dir;

    @Test
    void the_first_settle_fences_a_directory_no_runner_claimed_and_every_later_one_finds_the_fence() throws Exception {
        String attempt = dir.resolve("attempt-1").toString();
        RemoteAttempts attempts = new RemoteAttempts(bash);

        assertThat(attempts.fenceOrFind(attempt)).isEmpty();
        assertThat(attempts.fenceOrFind(attempt)).isEmpty();
        assertThat(Path.of(attempt, RunnerScript.PID_FILE)).hasContent(RunnerScript.FENCE);
        try (var files = Files.list(Path.of(attempt))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly(RunnerScript.PID_FILE);
        }
    }

    @Test
    void a_runners_claim_is_found_as_it_wrote_it() throws Exception {
        Path attempt = Files.createDirectories(dir.resolve("attempt-1"));
        Files.writeString(attempt.resolve(RunnerScript.PID_FILE), "4242 987654\n");

        assertThat(new RemoteAttempts(bash).fenceOrFind(attempt.toString())).contains("4242 987654");
    }

    // Bug: a link cut under the settling command gave an answer that was neither the fence nor a
    // claim; the attempt was then followed as started by an unknown runner (0:0) and failed, though
    // the command had fenced it and it never ran (bench/faults.sh 20 ssh-silent: 1 of 1,705).
    @Test
    void an_answer_that_is_neither_the_fence_nor_a_claim_is_asked_again_never_taken_for_a_start() throws Exception {
        String attempt = dir.resolve("attempt-1").toString();
        RemoteAttempts cut = new RemoteAttempts(new AnswerCutShort(bash));

        assertThatThrownBy(() -> cut.fenceOrFind(attempt)).isInstanceOfSatisfying(ExecutorException.class,
                e -> assertThat(e.isPermanent()).isFalse())
                .hasMessageContaining("neither a runner's pid nor the fence");
        // the command did fence it: the next settle says so
        assertThat(new RemoteAttempts(bash).fenceOrFind(attempt)).isEmpty();
    }

    /** A shell whose command runs but whose output is lost on the way back: exit status 0, nothing read. */
    private record AnswerCutShort(RemoteShell shell) implements RemoteShell {

        @Override
        public String host() {
            return shell.host();
        }

        @Override
        public ShellResult run(String command) throws ExecutorException {
            ShellResult ran = shell.run(command);
            return new ShellResult(ran.exitCode(), "", "");
        }

        @Override
        public void writeFile(String path, String content, int mode) throws ExecutorException {
            shell.writeFile(path, content, mode);
        }

        @Override
        public void copyFile(Path local, String path, int mode) throws ExecutorException {
            shell.copyFile(local, path, mode);
        }

        @Override
        public LogChunk readFile(String path, long offset, int maxBytes) throws ExecutorException {
            return shell.readFile(path, offset, maxBytes);
        }
    }
}
