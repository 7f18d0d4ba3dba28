package org.gantry.runtime.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.LogChunk;

/**
 * Reads files that tasks wrote on Gantry's host without trusting them. A task owns its
 * directories and could replace a file Gantry reads (a log, {@code steps.tsv}) with a link to
 * Gantry's secret key: when Gantry runs as root and the file's directory belongs to another
 * account, the file is read by a short process running as that account, so that Gantry never
 * shows more than the task itself could read.
 */
public final class LocalFiles {

    private LocalFiles() {
    }

    /** Reads up to {@code maxBytes} from {@code offset}; a missing file reads as empty. */
    public static LogChunk read(Path file, long offset, int maxBytes) throws IOException {
        Path dir = file.getParent();
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return LogChunk.empty(offset);
        }
        int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        int self = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        if (owner != self && self == 0) {
            int group = (Integer) Files.getAttribute(dir, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            return readAs(owner, group, file, offset, maxBytes);
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return LogChunk.empty(offset);
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            long from = Math.min(Math.max(0, offset), size);
            byte[] data = new byte[(int) Math.min(Math.max(0, maxBytes), size - from)];
            in.seek(from);
            in.readFully(data);
            return new LogChunk(data, from + data.length, size);
        }
    }

    private static LogChunk readAs(int uid, int gid, Path file, long offset, int maxBytes) throws IOException {
        long from = Math.max(0, offset);
        Process p = new ProcessBuilder(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups",
                "--", "sh", "-c", "s=$(stat -c %s -- \"$1\" 2>/dev/null) || { echo -1; exit 0; }; echo \"$s\";"
                        + " tail -c +\"$2\" -- \"$1\" | head -c \"$3\"",
                "sh", file.toString(), Long.toString(from + 1), Integer.toString(Math.max(0, maxBytes))))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        int newline = indexOf(out, (byte) '\n');
        long size = newline < 0 ? -1 : Long.parseLong(new String(out, 0, newline, StandardCharsets.US_ASCII).trim());
        if (size < 0) {
            return LogChunk.empty(offset);
        }
        byte[] data = Arrays.copyOfRange(out, newline + 1, out.length);
        long start = Math.min(from, size);
        return new LogChunk(data, start + data.length, size);
    }

    private static int indexOf(byte[] bytes, byte value) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
