package org.gantry.base.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Short commands of the machine Gantry runs on, and who Gantry runs as there. */
public final class ShortCommands {

    private ShortCommands() {
    }

    /**
     * Runs a short command with its output discarded: whether it ended with status 0 within 10 s.
     * A command that cannot be started (not installed) is false.
     */
    public static boolean succeeds(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether Gantry runs as root (the owner of {@code /proc/self}); false where there is no /proc. */
    public static boolean runningAsRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }
}
