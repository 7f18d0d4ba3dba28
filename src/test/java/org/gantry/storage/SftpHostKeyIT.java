package org.gantry.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** An SFTP storage's host key is pinned when it is registered; a server with another key is refused. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SftpHostKeyIT {

    @LocalServerPort
    int port;
    @TempDir
    Path dir;

    @Test
    void a_server_whose_host_key_changed_is_refused() throws Exception {
        // Bug: a changed host key was recorded and trusted (StrictHostKeyChecking=no).
        RestClient admin = RestClient.admin(port);
        RestClient user = RestClient.newUser(port, "hostkey");
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.writeString(root.resolve("data.txt"), "the real server\n");
        String name = "pinned-" + System.nanoTime();
        int sftpPort;
        try (SftpTestServer real = new SftpTestServer(root, dir.resolve("real-key"))) {
            sftpPort = real.port();
            RestClient.Response created = admin.postJson("/api/v2/storages", Map.of("name", name, "kind", "sftp",
                    "rootUri", real.rootUri(), "credentials", SftpTestServer.PASSWORD, "groups", List.of("default")));
            assertThat(created.status()).as(created.toString()).isEqualTo(201);
            assertThat(user.get("/api/v2/storages/" + name + "/files/data.txt").body()).isEqualTo("the real server\n");
        }

        try (SftpTestServer impostor = new SftpTestServer(root, dir.resolve("impostor-key"), sftpPort)) {
            RestClient.Response answer = user.get("/api/v2/storages/" + name + "/files/data.txt");

            assertThat(answer.status()).as(answer.toString()).isEqualTo(502);
            assertThat(answer.body()).contains("host key is not the one pinned").doesNotContain("the real server");
        }

        try (SftpTestServer back = new SftpTestServer(root, dir.resolve("real-key"), sftpPort)) {
            assertThat(user.get("/api/v2/storages/" + name + "/files/data.txt").body())
                    .as("the pinned server is trusted again").isEqualTo("the real server\n");
        }
    }

    @Test
    void a_server_that_cannot_be_reached_cannot_be_registered() throws Exception {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        RestClient.Response refused = RestClient.admin(port).postJson("/api/v2/storages", Map.of("name",
                "unreachable-" + System.nanoTime(), "kind", "sftp", "rootUri", "sftp://data@127.0.0.1:" + closedPort + "/",
                "groups", List.of("default")));

        assertThat(refused.status()).isEqualTo(502);
        assertThat(refused.body()).contains("to record its host key");
    }
}
