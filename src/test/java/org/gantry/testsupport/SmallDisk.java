package org.gantry.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A small tmpfs mounted on a directory (as root), to fill to its last byte and free again: the
 * full disk of the fault tests and the fault benchmark.
 */
public final class SmallDisk implements AutoCloseable {

    private final Path dir;
    private final Path filler;

    private SmallDisk(Path dir) {
        this.dir = dir;
        this.filler = dir.resolve("filler");
    }

    /** Mounts a tmpfs of {@code size} (such as {@code 16m}) on {@code dir}. */
    public static SmallDisk mount(Path dir, String size) throws IOException, InterruptedException {
        run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        return new SmallDisk(dir);
    }

    /** Writes a file until the file system has no byte left, the last partial page too. */
    public void fill() throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            if (!String.valueOf(full.getMessage()).contains("No space left on device")) {
                throw full;
            }
        }
        try (OutputStream out = Files.newOutputStream(filler, StandardOpenOption.APPEND)) {
            while (true) {
                out.write(0);
                out.flush();
            }
        } catch (IOException full) {
            // the last partial page is used too
        }
    }

    /** Gives the space back. */
    public void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    /** Frees the space and unmounts (lazily: a task may still hold a file there). */
    @Override
    public void close() throws IOException, InterruptedException {
        free();
        run("umount", "-l", dir.toString());
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }
}
