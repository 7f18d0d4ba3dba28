package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.gantry.runtime.runner.AttemptFiles;
import org.gantry.runtime.runner.LocalFiles;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.runner.RunnerClaim;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.hosts.TaskAccount;

/** The files of one local attempt's directory (layout in {@link RunnerScript}). */
final class LocalAttemptFiles {

    /** The runner's own output (bash's complaints before the task's logs open). */
    static final String RUNNER_LOG = "runner.log";
    private static final Set<PosixFilePermission> OWNER_READ_WRITE =
            PosixFilePermissions.fromString("rw-------");

    private final Path dir;

    LocalAttemptFiles(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    Path workDir() {
        return dir.resolve(RunnerScript.WORK_DIR);
    }

    /**
     * Writes the scripts and the private working dir of a new attempt.
     *
     * @param owner the account the task runs as, or empty for Gantry's own
     */
    void prepare(String taskScript, String runnerScript, Optional<TaskAccount> owner) throws IOException {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(LocalDataDir.TRAVERSE_ONLY));
        Files.setPosixFilePermissions(dir, LocalDataDir.TRAVERSE_ONLY);
        Path task = writePrivate(dir.resolve(RunnerScript.TASK_FILE), taskScript);
        Files.setPosixFilePermissions(task, PosixFilePermissions.fromString("r--------"));
        Path runner = writePrivate(dir.resolve(RunnerScript.FILE), runnerScript);
        Files.setPosixFilePermissions(runner, PosixFilePermissions.fromString("rwx------"));
        // a runner started here appends to it through Gantry's umask (022), which would make it 0644
        Files.createFile(dir.resolve(RUNNER_LOG), PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        Path work = Files.createDirectory(workDir());
        Files.setPosixFilePermissions(work, LocalDataDir.OWNER_ONLY);
        // the task script's status dir, made here so that the task need not fork mkdir for it
        Path status = Files.createDirectory(dir.resolve(AttemptFiles.STATUS_DIR));
        Files.setPosixFilePermissions(status, LocalDataDir.OWNER_ONLY);
        if (owner.isPresent()) {
            chown(task, owner.get());
            chown(work, owner.get());
            chown(status, owner.get());
        }
    }

    /**
     * Removes a directory {@link #prepare} could not finish; only ever one no runner started
     * from (its {@code runner.pid} would be there).
     */
    void remove() throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.exists(dir.resolve(RunnerScript.PID_FILE), LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("not removing " + dir + ": a runner claimed it");
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** A new file that is 0600 before its first byte is written: the task script holds resolved secrets. */
    private static Path writePrivate(Path path, String content) throws IOException {
        Files.createFile(path, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        return Files.writeString(path, content, StandardOpenOption.WRITE);
    }

    /** Gives {@code path} (never a link's target) to the account, by its ids: no passwd lookup per file. */
    static void chown(Path path, TaskAccount account) throws IOException {
        Files.setAttribute(path, "unix:uid", account.uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(path, "unix:gid", account.gid(), LinkOption.NOFOLLOW_LINKS);
    }

    Optional<String> read(String name) {
        try {
            return Optional.of(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    OptionalInt exitCode() {
        return read(RunnerScript.EXIT_CODE_FILE).map(RunnerClaim::parseExitCode).orElse(OptionalInt.empty());
    }

    boolean stopRequested() {
        return Files.exists(dir.resolve(RunnerScript.STOP_FILE));
    }

    void markStopRequested() throws IOException {
        try {
            Files.createFile(dir.resolve(RunnerScript.STOP_FILE));
        } catch (FileAlreadyExistsException e) {
            // asked before
        }
    }

    /**
     * Takes the attempt's claim before any runner does; true when this call fenced it, false
     * when a runner (or an earlier fence) holds it.
     */
    boolean fence() throws IOException {
        Files.createDirectories(dir);
        Path claim = dir.resolve(RunnerScript.PID_FILE);
        if (Files.exists(claim, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        // written whole first, then linked: a full disk leaves no empty claim behind (as the runner does)
        Path whole = dir.resolve(RunnerScript.PID_FILE + ".fence-" + ProcessHandle.current().pid() + "-"
                + Thread.currentThread().getId());
        try {
            Files.writeString(whole, RunnerScript.FENCE + "\n");
            Files.createLink(claim, whole);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException e) {
            return fenceInOneWrite(claim);
        } finally {
            Files.deleteIfExists(whole);
        }
    }

    /** On a file system without hard links. */
    private static boolean fenceInOneWrite(Path claim) throws IOException {
        try {
            Files.writeString(claim, RunnerScript.FENCE + "\n", StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    LogChunk readLog(String relativePath, long offset, int maxBytes) throws IOException {
        return LocalFiles.read(dir.resolve(relativePath), offset, maxBytes);
    }
}
