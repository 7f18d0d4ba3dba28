package org.gantry.course.localfiles;

import java.io.IOException;
import java.io.InputStream;
import org.gantry.base.GantryProperties;
import org.gantry.base.files.HashedFileDirectory;
import org.gantry.course.MaterialFileStore;
import org.springframework.stereotype.Component;

/**
 * Lecture notes in {@code <data dir>/courses/files/<unit id>/<version>/<sha256 of name>}: the
 * note's name only ever reaches the disk as a hash ({@link HashedFileDirectory}).
 */
@Component
class LocalDirectoryMaterialFiles implements MaterialFileStore {

    private final HashedFileDirectory files;

    LocalDirectoryMaterialFiles(GantryProperties properties) {
        this.files = new HashedFileDirectory(properties.dataDir().resolve("courses").resolve("files"));
    }

    @Override
    public Stored store(long unitId, int version, String name, InputStream in, long maxBytes) throws IOException {
        try {
            HashedFileDirectory.Stored stored = files.store(unitId, version, name, in, maxBytes);
            return new Stored(stored.size(), stored.sha256(), stored.head());
        } catch (HashedFileDirectory.TooLargeException e) {
            throw new TooLargeException(maxBytes);
        }
    }

    @Override
    public InputStream open(long unitId, int version, String name) throws IOException {
        return files.open(unitId, version, name);
    }

    @Override
    public void delete(long unitId, int version, String name) throws IOException {
        files.delete(unitId, version, name);
    }
}
