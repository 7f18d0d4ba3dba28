package org.gantry.storage.vfs.pai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemOptions;
import org.apache.commons.vfs2.FileType;
import org.apache.commons.vfs2.impl.StandardFileSystemManager;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Plain Commons VFS code opens Gantry storages as pai:// once the jar is on its classpath. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PaiFileProviderIT {

    @LocalServerPort
    int port;
    @TempDir
    Path root;

    @Test
    void a_standard_file_system_manager_reads_writes_lists_and_is_refused_as_the_server_says() throws Exception {
        String storage = "vfs-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        RestClient admin = RestClient.admin(port);
        assertThat(admin.postJson("/api/v2/storages", Map.of("name", storage, "kind", "local", "rootUri",
                root.toString(), "groups", List.of("default"))).status()).isEqualTo(201);
        RestClient user = RestClient.newUser(port, "vfs");
        StandardFileSystemManager manager = new StandardFileSystemManager();
        manager.init();
        try {
            assertThat(manager.hasProvider("pai")).isTrue();
            FileSystemOptions options = new FileSystemOptions();
            PaiFileSystemConfigBuilder.getInstance().setServer(options, "http://127.0.0.1:" + port);
            PaiFileSystemConfigBuilder.getInstance().setToken(options, user.token());

            FileObject file = manager.resolveFile("pai://here/" + storage + "/dir/hello.txt", options);
            assertThat(file.exists()).isFalse();
            file.getParent().createFolder();
            try (OutputStream out = file.getContent().getOutputStream()) {
                out.write("hello, vfs".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(Files.readString(root.resolve("dir/hello.txt"))).isEqualTo("hello, vfs");

            file.refresh();
            assertThat(file.getType()).isEqualTo(FileType.FILE);
            assertThat(file.getContent().getSize()).isEqualTo(10);
            assertThat(new String(file.getContent().getByteArray(), StandardCharsets.UTF_8)).isEqualTo("hello, vfs");
            FileObject folder = manager.resolveFile("pai://here/" + storage + "/dir", options);
            assertThat(Arrays.stream(folder.getChildren()).map(child -> child.getName().getBaseName()))
                    .containsExactly("hello.txt");
            assertThat(Arrays.stream(manager.resolveFile("pai://here/", options).getChildren())
                    .map(child -> child.getName().getBaseName())).contains(storage, "home");

            FileObject renamed = manager.resolveFile("pai://here/" + storage + "/dir/renamed.txt", options);
            file.moveTo(renamed);
            assertThat(root.resolve("dir/renamed.txt")).hasContent("hello, vfs");
            assertThat(renamed.delete()).isTrue();
            assertThat(root.resolve("dir/renamed.txt")).doesNotExist();

            RestClient other = RestClient.newUser(port, "vfs-other");
            FileSystemOptions otherOptions = new FileSystemOptions();
            PaiFileSystemConfigBuilder.getInstance().setServer(otherOptions, "http://127.0.0.1:" + port);
            PaiFileSystemConfigBuilder.getInstance().setToken(otherOptions, other.token() + "-wrong");
            assertThatThrownBy(() -> manager.resolveFile("pai://there/" + storage + "/dir", otherOptions).getType())
                    .hasStackTraceContaining("does not accept the token");
        } finally {
            manager.close();
        }
    }
}
