package org.gantry.runtime.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.TaskMount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's check, on an SSH host or Slurm node, that the task's storages are where they are said to be mounted. */
class HostMountsTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out) {
    }

    private static Run run(List<String> prefix, String... command) throws Exception {
        List<String> words = new ArrayList<>(prefix);
        words.addAll(List.of(command));
        Process process = new ProcessBuilder(words).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        return new Run(process.waitFor(), out);
    }

    @Test
    void the_task_starts_when_every_storage_is_at_its_mount_path() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path models = Files.createDirectories(dir.resolve("models dir"));

        Run run = run(HostMounts.check(List.of(new TaskMount("data", data.toString(), false, Optional.empty()),
                new TaskMount("models", models.toString(), true, Optional.empty()))), "echo", "task ran");

        assertThat(run).isEqualTo(new Run(0, "task ran\n"));
    }

    @Test
    void a_storage_missing_on_the_machine_fails_the_task_before_it_starts_naming_storage_and_path() throws Exception {
        Path missing = dir.resolve("nfs/data");

        Run run = run(HostMounts.check(List.of(new TaskMount("data", missing.toString(), false, Optional.empty()))),
                "echo", "task ran");

        assertThat(run.exit()).isEqualTo(HostMounts.MISSING_EXIT);
        assertThat(run.out()).startsWith("gantry: storage data is not at " + missing + " on this machine (")
                .contains("ask an administrator to mount it there").doesNotContain("task ran");
    }

    @Test
    void without_storages_nothing_is_put_before_the_task() {
        assertThat(HostMounts.check(List.of())).isEmpty();
    }
}
