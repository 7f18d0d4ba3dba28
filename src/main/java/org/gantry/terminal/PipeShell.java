package org.gantry.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** A command without terminal, as {@code ssh host cmd} runs it: separate stdout and stderr. */
public final class PipeShell implements TaskShell {

    private static final long TERMINATE_GRACE_MILLIS = 2000;

    private final Process process;

    private PipeShell(Process process) {
        this.process = process;
    }

    /** @param environment the complete environment: nothing of Gantry's own is inherited */
    public static PipeShell start(List<String> command, Map<String, String> environment, Path directory)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        return new PipeShell(builder.start());
    }

    @Override
    public InputStream output() {
        return process.getInputStream();
    }

    @Override
    public Optional<InputStream> errorOutput() {
        return Optional.of(process.getErrorStream());
    }

    @Override
    public OutputStream input() {
        return process.getOutputStream();
    }

    @Override
    public void resize(TerminalSize size) {
        // No terminal, nothing to resize.
    }

    @Override
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(TERMINATE_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
