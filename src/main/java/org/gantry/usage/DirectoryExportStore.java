package org.gantry.usage;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The export store over a configured directory ({@code gantry.usage.export-directory}),
 * written through a temporary file and an atomic move so a reader never sees half a file.
 * The default when no export storage is named ({@link ExportStores}, decision 0052).
 */
class DirectoryExportStore implements ExportStore {

    private final Path root;

    DirectoryExportStore(UsageProperties properties) {
        this.root = properties.exportDirectory().toAbsolutePath().normalize();
    }

    @Override
    public String write(String path, Body body) throws IOException {
        Path target = resolve(path);
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempFile(target.getParent(), ".export-", ".part");
        try {
            try (Writer out = new BufferedWriter(Files.newBufferedWriter(partial, StandardCharsets.UTF_8), 1 << 16)) {
                body.writeTo(out);
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        return target.toString();
    }

    Path resolve(String path) {
        if (path == null || path.isBlank() || path.startsWith("/") || path.contains("\\")) {
            throw new IllegalArgumentException("Export path must be relative: " + path);
        }
        Path target = root.resolve(path).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new IllegalArgumentException("Export path leaves the export directory: " + path);
        }
        return target;
    }
}
