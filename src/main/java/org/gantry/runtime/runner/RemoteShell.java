package org.gantry.runtime.runner;

import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;

/**
 * A machine that runs commands and holds files: an SSH host, a Slurm login node, or Gantry's
 * own host. Paths are the machine's, relative ones taken from the login's home directory.
 * Implementations are thread-safe; each call is one round trip and may block on the network.
 */
public interface RemoteShell {

    /** The host name tasks see as their node when nothing better is known. */
    String host();

    /**
     * Runs a bash command line and waits for it.
     *
     * @throws ExecutorException when the machine cannot be reached or the command timed out;
     *                           a command that ran and failed is a result with its exit code
     */
    ShellResult run(String command) throws ExecutorException;

    /**
     * Runs a command that reads or changes files in {@code dir}, a directory a task may own:
     * with the privileges of that directory's owner where the shell's own would be more
     * (Gantry's host as root), so that a link a task planted leads nowhere the task could not go.
     */
    default ShellResult runIn(String dir, String command) throws ExecutorException {
        return run(command);
    }

    /** Writes a whole file, replacing it, with the given permission bits (e.g. {@code 0700}). */
    void writeFile(String path, String content, int mode) throws ExecutorException;

    /**
     * Copies the local file {@code local} to {@code path}, replacing it, with the given permission
     * bits: a large binary (a jar) is streamed, never held in memory.
     */
    void copyFile(java.nio.file.Path local, String path, int mode) throws ExecutorException;

    /** Reads up to {@code maxBytes} from {@code offset}; a missing file reads as empty. */
    LogChunk readFile(String path, long offset, int maxBytes) throws ExecutorException;

    /** A finished command: its exit status and its whole stdout and stderr. */
    record ShellResult(int exitCode, String stdout, String stderr) {

        public boolean ok() {
            return exitCode == 0;
        }

        /** stderr, or stdout when stderr is empty, trimmed: what to show when it failed. */
        public String message() {
            String text = stderr.isBlank() ? stdout : stderr;
            return text.strip();
        }
    }
}
