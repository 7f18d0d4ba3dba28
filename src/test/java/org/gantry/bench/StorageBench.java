package org.gantry.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Storage figures for bench/storage.sh: REST upload and download of {@code bench.file} on a
 * local storage (MB/s, whole requests timed from the client), and the first page of a folder
 * of {@code bench.entries} files (p50/p95/max of {@code bench.requests} requests).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@EnabledIfSystemProperty(named = "bench.file", matches = ".+")
class StorageBench {

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void storage_figures() throws Exception {
        Path source = Path.of(System.getProperty("bench.file"));
        int entries = Integer.getInteger("bench.entries", 100_000);
        int requests = Integer.getInteger("bench.requests", 200);
        Path root = Files.createTempDirectory(source.getParent(), "storage-root");
        RestClient admin = RestClient.admin(port);
        assertThat(admin.postJson("/api/v2/storages", Map.of("name", "bench", "kind", "local", "rootUri",
                root.toString(), "groups", List.of("default"))).status()).isEqualTo(201);
        String base = "http://127.0.0.1:" + port + "/api/v2/storages/bench/files";
        String auth = "Bearer " + admin.token();
        double mb = Files.size(source) / (1024.0 * 1024.0);

        for (int round = 0; round < 3; round++) {
            long start = System.nanoTime();
            HttpResponse<String> up = http.send(HttpRequest.newBuilder(URI.create(base + "/up.bin")).header("Authorization", auth)
                    .PUT(HttpRequest.BodyPublishers.ofFile(source)).build(), HttpResponse.BodyHandlers.ofString());
            double upSeconds = (System.nanoTime() - start) / 1e9;
            assertThat(up.statusCode()).isEqualTo(201);
            Path down = root.resolveSibling("down.bin");
            start = System.nanoTime();
            HttpResponse<Path> got = http.send(HttpRequest.newBuilder(URI.create(base + "/up.bin")).header("Authorization", auth)
                    .build(), HttpResponse.BodyHandlers.ofFile(down));
            double downSeconds = (System.nanoTime() - start) / 1e9;
            assertThat(got.statusCode()).isEqualTo(200);
            assertThat(Files.mismatch(source, down)).isEqualTo(-1);
            Files.delete(down);
            System.out.printf("REST round %d: upload %8.1f MB/s, download %8.1f MB/s%n", round + 1, mb / upSeconds,
                    mb / downSeconds);
        }

        Path many = Files.createDirectories(root.resolve("many"));
        for (int i = 0; i < entries; i++) {
            Files.createFile(many.resolve("file-" + i + ".dat"));
        }
        System.out.println("Created " + entries + " files in one folder");
        for (int limit : new int[] {100, 500}) {
            List<Double> millis = new ArrayList<>();
            for (int i = 0; i < requests + 20; i++) {
                long start = System.nanoTime();
                HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/many?limit=" + limit))
                        .header("Authorization", auth).build(), HttpResponse.BodyHandlers.ofString());
                double ms = (System.nanoTime() - start) / 1e6;
                assertThat(page.statusCode()).isEqualTo(200);
                if (i >= 20) {
                    millis.add(ms);
                }
            }
            Collections.sort(millis);
            System.out.printf("first page of %d entries (limit %d): p50 %.1f ms, p95 %.1f ms, max %.1f ms%n", entries,
                    limit, millis.get(millis.size() / 2), millis.get((int) (millis.size() * 0.95)), millis.get(millis.size() - 1));
        }
    }
}
