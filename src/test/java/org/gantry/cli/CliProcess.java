package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code gantry …} as a user does: in its own JVM on the test classpath (Spring never
 * starts there), with {@code GANTRY_CONFIG} in a test directory.
 */
final class CliProcess {

    /** What a run printed and returned. */
    record Result(int exitCode, String out, String err) {
    }

    private final Path cliHome;

    CliProcess(Path cliHome) {
        this.cliHome = cliHome;
    }

    Result run(String stdin, String... args) throws IOException, InterruptedException {
        Process process = builder(args).start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        CompletableFuture<String> err = new CompletableFuture<>();
        Thread errReader = new Thread(() -> {
            try {
                err.complete(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                err.complete(e.toString());
            }
        });
        errReader.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        errReader.join();
        return new Result(process.exitValue(), out, err.join());
    }

    /** Starts a long-running command (e.g. {@code job forward}), its output and errors into {@code output}. */
    Process start(Path output, String... args) throws IOException {
        return builder(args).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "org.gantry.GantryApplication"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("GANTRY_CONFIG", cliHome.toString());
        return builder;
    }
}
