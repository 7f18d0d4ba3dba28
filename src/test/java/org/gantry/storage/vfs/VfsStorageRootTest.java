package org.gantry.storage.vfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.gantry.base.GantryProperties;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageProperties;
import org.gantry.storage.StorageRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The VFS adapter on a real local directory. */
class VfsStorageRootTest {

    @TempDir
    Path dir;
    private VfsStorageBackend backend;
    private StorageRoot root;
    private Path rootDir;

    @BeforeEach
    void setUp() throws Exception {
        backend = new VfsStorageBackend(new StorageProperties(null, null, null, null),
                new GantryProperties(dir.resolve("data"), false, null));
        rootDir = Files.createDirectories(dir.resolve("root"));
        root = backend.open(StorageKind.LOCAL, rootDir.toString(), Optional.empty());
    }

    @AfterEach
    void tearDown() {
        backend.destroy();
    }

    @Test
    void a_folder_moves_away_from_its_old_name() throws Exception {
        root.mkdirs(StoragePath.of("c/b"));
        try (OutputStream out = root.write(StoragePath.of("c/b/one.txt"), false)) {
            out.write("one".getBytes());
        }
        root.move(StoragePath.of("c"), StoragePath.of("d"));
        assertThat(rootDir.resolve("c")).doesNotExist();
        assertThat(root.stat(StoragePath.of("c"))).isEmpty();
        assertThat(root.stat(StoragePath.of("d/b/one.txt"))).hasValueSatisfying(e -> assertThat(e.size()).isEqualTo(3));
    }

    @Test
    void a_link_out_of_the_root_is_refused_and_a_link_inside_is_followed() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(rootDir.resolve("out"), outside);
        Files.createSymbolicLink(rootDir.resolve("dangling"), dir.resolve("nowhere"));
        Files.createDirectories(rootDir.resolve("real"));
        Files.createSymbolicLink(rootDir.resolve("in"), rootDir.resolve("real"));

        assertThatThrownBy(() -> root.read(StoragePath.of("out/secret.txt"), 0)).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> root.write(StoragePath.of("out/new.txt"), false)).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> root.write(StoragePath.of("dangling"), false)).isInstanceOf(StorageException.class);
        assertThat(dir.resolve("nowhere")).doesNotExist();
        assertThat(outside.resolve("new.txt")).doesNotExist();
        root.mkdirs(StoragePath.of("in/sub"));
        assertThat(rootDir.resolve("real/sub")).isDirectory();
    }

    @Test
    void a_recursive_delete_removes_the_whole_tree_but_not_what_a_link_points_to() throws Exception {
        // Bug: VFS's deleteAll deleted the files and answered 200 but left their folders in place.
        Path outside = Files.createDirectories(dir.resolve("kept"));
        Files.writeString(outside.resolve("keep.txt"), "keep");
        root.mkdirs(StoragePath.of("d/b"));
        try (OutputStream out = root.write(StoragePath.of("d/b/one.txt"), false)) {
            out.write("one".getBytes());
        }
        Files.createSymbolicLink(rootDir.resolve("d/link"), outside);
        assertThat(root.delete(StoragePath.of("d"), true)).isEqualTo(4);
        assertThat(rootDir.resolve("d")).doesNotExist();
        assertThat(outside.resolve("keep.txt")).exists();
    }

    @Test
    void names_come_sorted_without_stat() {
        root.mkdirs(StoragePath.of("b"));
        root.mkdirs(StoragePath.of("a"));
        assertThat(root.names(StoragePath.ROOT)).containsExactly("a", "b");
    }
}
