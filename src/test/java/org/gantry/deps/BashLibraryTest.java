package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The bash library's resources, checked by Debian's shellcheck (installed by .ci/run). */
class BashLibraryTest {

    /**
     * Left out: the library's variables ({@code gantry_status_dir}, {@code gantry_cache_dir} …)
     * are assigned by the script's prologue that {@link TaskScriptRenderer} writes before it
     * (SC2154); {@code module}'s init script is found at run time (SC1090).
     */
    private static final String EXCLUDED = "SC1090,SC2154";

    static final List<String> RESOURCES = BashLibrary.RESOURCES;

    @ParameterizedTest
    @FieldSource("RESOURCES")
    void shellcheck_finds_nothing_in_the_library(String name) throws Exception {
        Optional<Path> shellcheck = onPath("shellcheck");
        assumeThat(shellcheck).as("shellcheck on PATH (Debian package shellcheck)").isPresent();
        Process process = new ProcessBuilder(shellcheck.get().toString(), "-s", "bash", "-f", "gcc",
                "--exclude=" + EXCLUDED, "-").redirectErrorStream(true).start();
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(resource(name));
        }
        String findings = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(name + ":\n" + findings).isZero();
        assertThat(findings).isEmpty();
    }

    @Test
    void every_piece_is_its_resource_byte_for_byte() throws Exception {
        assertThat(BashLibrary.SHELL_ENV.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("shell-env.sh"));
        assertThat(BashLibrary.FRAMING.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("framing.sh"));
        assertThat(BashLibrary.PUBLISH.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("publish.sh"));
        assertThat(BashLibrary.MODULE.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("module.sh"));
        assertThat(BashLibrary.CONDA.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("conda.sh"));
        assertThat(BashLibrary.PIP.getBytes(StandardCharsets.UTF_8)).isEqualTo(resource("pip.sh"));
        for (String name : RESOURCES) {
            assertThat(new String(resource(name), StandardCharsets.UTF_8)).as(name).endsWith("}\n");
        }
    }

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = BashLibrary.class.getResourceAsStream(BashLibrary.DIRECTORY + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    private static Optional<Path> onPath(String program) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Arrays.stream(path.split(File.pathSeparator))
                .map(dir -> Path.of(dir.isEmpty() ? "." : dir, program))
                .filter(candidate -> Files.isRegularFile(candidate) && Files.isExecutable(candidate))
                .findFirst();
    }
}
