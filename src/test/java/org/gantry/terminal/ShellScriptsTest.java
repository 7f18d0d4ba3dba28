package org.gantry.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ShellScriptsTest {

    @Test
    void an_exec_command_runs_after_the_task_environment_in_its_directory() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("shell-scripts");
        java.nio.file.Path init = dir.resolve("init.sh");
        java.nio.file.Files.writeString(init, "echo noise-from-init; export FROM_INIT=yes\n");
        ProcessBuilder builder = new ProcessBuilder(ShellScripts.exec("echo $FROM_INIT; pwd"));
        builder.environment().put(ShellScripts.INIT_VARIABLE, init.toString());
        builder.environment().put(ShellScripts.DIR_VARIABLE, dir.toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).isZero();
        // The init script's own output goes to stderr, so `ssh host cmd > file` gets only the command's.
        assertThat(out).isEqualTo("yes\n" + dir.toRealPath() + "\n");
        assertThat(err).isEqualTo("noise-from-init\n");
    }
}
