package org.gantry.runtime.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;

/**
 * Gantry's own host as a {@link RemoteShell}: commands run with bash in a clean environment
 * (only PATH, LANG and the given variables), so that nothing of Gantry's reaches them.
 */
public final class ProcessShell implements RemoteShell {

    private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private final Map<String, String> env;
    private final Duration timeout;
    private final String host;

    public ProcessShell(Map<String, String> env, Duration timeout) {
        this.env = Map.copyOf(env);
        this.timeout = timeout;
        this.host = hostName();
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public ShellResult run(String command) throws ExecutorException {
        return run(List.of("bash", "-c", command));
    }

    @Override
    public ShellResult runIn(String dir, String command) throws ExecutorException {
        try {
            Path path = Path.of(dir);
            int self = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (self != 0 || !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                return run(command);
            }
            int owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int group = (Integer) Files.getAttribute(path, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            if (owner == 0) {
                return run(command);
            }
            return run(List.of("setpriv", "--reuid=" + owner, "--regid=" + group, "--clear-groups", "--",
                    "bash", "-c", command));
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot inspect " + dir + ": " + e.getMessage(), e);
        }
    }

    private ShellResult run(List<String> words) throws ExecutorException {
        String command = String.join(" ", words);
        ProcessBuilder builder = new ProcessBuilder(words)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().put("PATH", PATH);
        builder.environment().put("LANG", "C.UTF-8");
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            CompletableFuture<String> out = drain(process.getInputStream());
            CompletableFuture<String> err = drain(process.getErrorStream());
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw ExecutorException.transientFailure("command timed out after " + timeout + ": " + command, null);
            }
            return new ShellResult(process.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot run bash: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ExecutorException.transientFailure("interrupted", e);
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    public void writeFile(String path, String content, int mode) throws ExecutorException {
        try {
            Path file = Path.of(path);
            // created with its mode, before the content: a script may hold secrets, never readable by others
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(permissions(mode & 0700)));
            Files.writeString(file, content);
            Files.setPosixFilePermissions(file, permissions(mode));
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void copyFile(Path local, String path, int mode) throws ExecutorException {
        try {
            Path file = Path.of(path);
            Files.copy(local, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(file, permissions(mode));
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot copy " + local + " to " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public LogChunk readFile(String path, long offset, int maxBytes) throws ExecutorException {
        try {
            return LocalFiles.read(Path.of(path), offset, maxBytes);
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                perms.add(order[bit]);
            }
        }
        return perms;
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
