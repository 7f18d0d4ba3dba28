package org.gantry.deps;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The bash functions a task script defines before its steps. Only the pieces a task needs are
 * written into its script, so that the script stays readable.
 *
 * <p>The functions live in {@code .sh} resources beside this class ({@link #RESOURCES}), read
 * once, so that ShellCheck checks them in the build ({@code BashLibraryTest}). Each one is
 * written into the script as it is, byte for byte.
 *
 * <p>Every function here runs with errexit on, but checks what can fail itself so that it can
 * say why in the step's stderr before it returns the failing exit code.
 */
final class BashLibrary {

    /** Where the pieces live, relative to this class. */
    static final String DIRECTORY = "bash/";

    /** Every piece's file name. */
    static final List<String> RESOURCES = List.of("shell-env.sh", "framing.sh", "publish.sh", "module.sh",
            "conda.sh", "pip.sh");

    /**
     * Writes what a shell into the task needs to be in the task's environment: the exported
     * variables and the shell functions (module, conda, the user's) as they stand right before
     * the task step. The terminal sources it into interactive shells and exec commands.
     */
    static final String SHELL_ENV = load("shell-env.sh");

    /** Step framing and the exit trap; see docs/decisions/0004-call-after-semantics.md. */
    static final String FRAMING = load("framing.sh");

    /**
     * Publishing a built env. A venv or conda env writes its absolute path into its scripts,
     * so it cannot be renamed after it is built. Instead it is built in a unique directory
     * that never moves and published by creating the symlink {@code <key> -> <key>.build.X}:
     * creating a symlink is atomic and {@code ln -sT} fails when {@code <key>} exists, so of
     * two tasks that built the same key at once, the loser removes its build and uses the
     * winner's. An interrupted build is never published.
     */
    static final String PUBLISH = load("publish.sh");

    static final String MODULE = load("module.sh");

    static final String CONDA = load("conda.sh");

    static final String PIP = load("pip.sh");

    private BashLibrary() {
    }

    private static String load(String name) {
        try (InputStream in = BashLibrary.class.getResourceAsStream(DIRECTORY + name)) {
            if (in == null) {
                throw new IllegalStateException("Missing bash library resource " + DIRECTORY + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
