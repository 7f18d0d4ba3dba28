package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gantry.deps.StepResult.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The module step with Debian's lmod, in the non-interactive shell a task script runs in. */
class ModuleDepsIT {

    private static final Path LMOD_INIT = Path.of("/usr/share/lmod/lmod/init/bash");

    @TempDir
    Path dir;

    private Path modulePath;

    @BeforeEach
    void writeModulefiles() throws IOException {
        assumeTrue(Files.isReadable(LMOD_INIT),
                "lmod is not installed: " + LMOD_INIT + " is missing (Debian package lmod)");
        modulePath = dir.resolve("modulefiles");
        Path bin = Files.createDirectories(dir.resolve("probe/bin"));
        Path tool = bin.resolve("probe-tool");
        Files.writeString(tool, "#!/bin/sh\necho \"probe-tool sees $GANTRY_PROBE_HOME\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(modulePath.resolve("gantry-probe"));
        Files.writeString(modulePath.resolve("gantry-probe/1.0.lua"), """
                setenv("GANTRY_PROBE_HOME", "%s")
                prepend_path("PATH", "%s")
                """.formatted(dir.resolve("probe"), bin));
        Files.createDirectories(modulePath.resolve("tcl-probe"));
        Files.writeString(modulePath.resolve("tcl-probe/2.0"), """
                #%Module1.0
                setenv TCL_PROBE loaded-from-tcl
                """);
    }

    private TaskScriptRequest request(List<String> modules, List<String> commands) {
        // MODULEPATH comes from the env step, which runs before the module step; the bash step
        // notes whether `module` existed before the module step defined it
        Deps deps = TaskScripts.deps(Map.of("MODULEPATH", modulePath.toString()),
                List.of("if declare -F module >/dev/null; then echo defined; else echo undefined; fi > module-before"),
                modules,
                Optional.empty(), Optional.empty(), List.of(), List.of());
        return TaskScriptRequest.builder(dir.resolve("cache").toString())
                .deps(deps).commands(commands).build();
    }

    @Test
    void loaded_modules_set_up_the_task_in_a_non_interactive_shell() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request(
                List.of("gantry-probe/1.0", "tcl-probe/2.0"),
                List.of("probe-tool > out.txt", "echo \"$TCL_PROBE\" >> out.txt")));

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(dir.resolve("task/module-before")).hasContent("undefined");
        assertThat(Files.readAllLines(dir.resolve("task/out.txt"))).containsExactly(
                "probe-tool sees " + dir.resolve("probe"), "loaded-from-tcl");
        assertThat(run.results().step(DepsStep.MODULE)).get()
                .extracting(StepResult::status).isEqualTo(Status.OK);
    }

    @Test
    void an_unknown_module_fails_the_module_step() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request(
                List.of("gantry-probe/1.0", "gantry-nowhere/9.9"), List.of("touch ran")));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.failureMessage())
                .matches("(?s)dependency step `module` failed \\(exit 1\\) after \\d+\\.\\d s\n.*")
                .contains("gantry-nowhere/9.9");
        assertThat(dir.resolve("task/ran")).doesNotExist();
    }
}
