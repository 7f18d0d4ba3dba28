package org.gantry.deps;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The environments a task script caches (see {@link BashLibrary}): in a cache directory,
 * {@code pip/<key>} and {@code conda/<key>} are links to the build directories
 * {@code <key>.build.XXXXXX} that hold the envs, and each use of an env writes its
 * {@code .gantry-last-used} marker.
 *
 * <p>{@link #clean} deletes the envs no task used within the retention, and builds a crash left
 * behind. The link goes first, so a task starting afterwards builds the env again; a task that
 * started with the env at the very moment it is deleted fails its step (an env unused for the
 * whole retention makes that unlikely, and a retry builds it again).
 */
public final class EnvCache {

    public static final List<String> KINDS = List.of("pip", "conda");
    static final String MARKER = ".gantry-last-used";
    /** A build directory no link points to is a crashed build once it is this old. */
    static final Duration ABANDONED_BUILD = Duration.ofDays(1);

    /** What a cleanup deleted. */
    public record Cleaned(int envs, int abandonedBuilds, long bytes) {

        public static final Cleaned NONE = new Cleaned(0, 0, 0);

        public Cleaned plus(Cleaned other) {
            return new Cleaned(envs + other.envs, abandonedBuilds + other.abandonedBuilds, bytes + other.bytes);
        }

        public boolean isEmpty() {
            return envs == 0 && abandonedBuilds == 0;
        }
    }

    private EnvCache() {
    }

    /** Cleans the pip and conda envs of one cache directory (one task account's). */
    public static Cleaned clean(Path cacheDir, Duration retention, Instant now) throws IOException {
        Cleaned total = Cleaned.NONE;
        for (String kind : KINDS) {
            Path dir = cacheDir.resolve(kind);
            if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                total = total.plus(cleanKind(dir, now.minus(retention), now.minus(ABANDONED_BUILD)));
            }
        }
        return total;
    }

    private static Cleaned cleanKind(Path dir, Instant unusedSince, Instant abandonedSince) throws IOException {
        List<Path> entries;
        try (Stream<Path> list = Files.list(dir)) {
            entries = list.toList();
        }
        Set<Path> inUse = new HashSet<>();
        int envs = 0;
        long bytes = 0;
        for (Path link : entries) {
            if (!Files.isSymbolicLink(link)) {
                continue;
            }
            Path target = dir.resolve(Files.readSymbolicLink(link)).normalize();
            if (!target.startsWith(dir) || !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;  // dangling: the next task using it replaces it
            }
            if (lastUsed(target).isAfter(unusedSince)) {
                inUse.add(target);
                continue;
            }
            if (!dir.resolve(Files.readSymbolicLink(link)).normalize().equals(target)) {
                continue;  // published anew meanwhile: its env is young
            }
            Files.deleteIfExists(link);
            bytes += deleteTree(target);
            envs++;
        }
        int abandoned = 0;
        for (Path build : entries) {
            if (!Files.isSymbolicLink(build) && build.getFileName().toString().contains(".build.")
                    && !inUse.contains(build) && Files.isDirectory(build, LinkOption.NOFOLLOW_LINKS)
                    && Files.getLastModifiedTime(build, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(abandonedSince)) {
                bytes += deleteTree(build);
                abandoned++;
            }
        }
        return new Cleaned(envs, abandoned, bytes);
    }

    /** The env's last use: its marker, or when it was built for envs from before markers. */
    static Instant lastUsed(Path env) throws IOException {
        Path marker = env.resolve(MARKER);
        Path source = Files.exists(marker, LinkOption.NOFOLLOW_LINKS) ? marker : env;
        return Files.getLastModifiedTime(source, LinkOption.NOFOLLOW_LINKS).toInstant();
    }

    /** Deletes a tree without following links; returns the bytes of the files deleted. */
    static long deleteTree(Path root) throws IOException {
        long[] bytes = {0};
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                bytes[0] += attrs.isRegularFile() ? attrs.size() : 0;
                deleteQuietly(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                deleteQuietly(dir);
                return FileVisitResult.CONTINUE;
            }
        });
        return bytes[0];
    }

    private static void deleteQuietly(Path path) throws IOException {
        try {
            Files.delete(path);
        } catch (NoSuchFileException gone) {
            // deleted meanwhile
        }
    }
}
