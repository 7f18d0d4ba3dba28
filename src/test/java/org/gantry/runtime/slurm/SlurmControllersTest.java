package org.gantry.runtime.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.runner.ProcessShell;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller probe against a stand-in {@code scontrol} that answers what the test says. */
class SlurmControllersTest {

    @TempDir
    Path dir;

    private Path answer;
    private Path calls;
    private ProcessShell shell;
    private final SlurmControllers controllers = new SlurmControllers();

    @BeforeEach
    void standInScontrol() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        answer = dir.resolve("answer");
        calls = dir.resolve("calls");
        Path scontrol = Files.writeString(bin.resolve("scontrol"), "#!/bin/sh\necho \"$*\" >> " + calls
                + "\necho \"Slurmctld(primary) at ctl is $(cat " + answer + ")\"\n");
        Files.setPosixFilePermissions(scontrol, PosixFilePermissions.fromString("rwxr-xr-x"));
        shell = new ProcessShell(Map.of("PATH", bin + ":/usr/bin:/bin"), Duration.ofSeconds(30));
    }

    @Test
    void a_controller_that_is_down_fails_checks_as_unreachable_and_wakes_the_listeners_when_it_answers()
            throws Exception {
        Files.writeString(answer, "DOWN");
        CountDownLatch back = new CountDownLatch(1);
        controllers.onBack(back::countDown);

        assertThatThrownBy(() -> controllers.check("", shell)).isInstanceOfSatisfying(ExecutorException.class,
                e -> assertThat(e.isUnreachable()).isTrue());
        assertThatThrownBy(() -> controllers.check("", shell)).isInstanceOfSatisfying(ExecutorException.class,
                e -> assertThat(e.isUnreachable()).isTrue());

        Files.writeString(answer, "UP");
        assertThat(back.await(60, TimeUnit.SECONDS)).as("woken when the controller answers").isTrue();
        controllers.check("", shell);
    }

    @Test
    void a_controller_that_answered_a_command_lately_is_not_probed_again() throws Exception {
        Files.writeString(answer, "DOWN");

        controllers.answered("");
        controllers.check("", shell);

        assertThat(calls).doesNotExist();
    }

    @Test
    void a_command_that_could_not_contact_the_controller_makes_the_next_checks_fail_without_a_command()
            throws Exception {
        Files.writeString(answer, "UP");

        controllers.unreachable("", "Unable to contact slurm controller (connect failure)", shell);

        assertThatThrownBy(() -> controllers.check("", shell)).isInstanceOfSatisfying(ExecutorException.class,
                e -> assertThat(e.getMessage()).contains("connect failure"));
        // only the watcher probes, and it finds the controller back
        CountDownLatch back = new CountDownLatch(1);
        controllers.onBack(back::countDown);
        assertThat(back.await(60, TimeUnit.SECONDS)).isTrue();
        controllers.check("", shell);
    }

    @Test
    void a_probe_that_says_neither_up_nor_down_lets_the_command_tell() throws Exception {
        Files.writeString(answer, "unknown to this scontrol");

        controllers.check("", shell);

        assertThat(Files.readString(calls)).isEqualTo("ping\n");
    }
}
