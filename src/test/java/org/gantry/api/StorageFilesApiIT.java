package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.gantry.storage.SftpTestServer;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The storage routes on a local directory and on a real SFTP server on loopback. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StorageFilesApiIT {

    private static final String SECRET = "outside-the-root-secret";

    @LocalServerPort
    int port;
    @TempDir
    static Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private RestClient admin;
    private RestClient alice;
    private SftpTestServer sftp;
    private Path localRoot;
    private Path sftpRoot;
    private Path outside;
    private String suffix;

    @BeforeAll
    void setUp() throws IOException {
        suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        admin = RestClient.admin(port);
        alice = RestClient.newUser(port, "alice");
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET);
        localRoot = Files.createDirectories(dir.resolve("local-root"));
        sftpRoot = Files.createDirectories(dir.resolve("sftp-root"));
        // a link in each root that leaves it
        Files.createSymbolicLink(localRoot.resolve("link-out"), outside);
        Files.createSymbolicLink(sftpRoot.resolve("link-out"), outside);
        sftp = new SftpTestServer(sftpRoot, dir.resolve("sftp-host-key"));
        register("local-" + suffix, "local", localRoot.toString(), null, List.of("default"), false);
        register("sftp-" + suffix, "sftp", sftp.rootUri(), SftpTestServer.PASSWORD, List.of("default"), false);
        register("ro-" + suffix, "local", Files.createDirectories(dir.resolve("ro")).toString(), null, List.of("default"), true);
        register("private-" + suffix, "local", Files.createDirectories(dir.resolve("private")).toString(), null,
                List.of("nobody-" + suffix), false);
    }

    @AfterAll
    void tearDown() throws IOException {
        sftp.close();
    }

    private void register(String name, String kind, String root, String password, List<String> groups, boolean readOnly) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("name", name, "kind", kind, "rootUri", root,
                "groups", groups, "readOnly", readOnly, "default", !readOnly));
        if (password != null) {
            body.put("credentials", password);
        }
        RestClient.Response created = admin.postJson("/api/v2/storages", body);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
    }

    private String files(String storage) {
        return "/api/v2/storages/" + storage + "-" + suffix + "/files";
    }

    private HttpResponse<byte[]> send(String method, String path, HttpRequest.BodyPublisher body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + alice.token()).method(method, body);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
        return send("GET", path, HttpRequest.BodyPublishers.noBody(), headers);
    }

    private HttpResponse<byte[]> put(String path, byte[] body, String... headers) throws IOException, InterruptedException {
        return send("PUT", path, HttpRequest.BodyPublishers.ofByteArray(body), headers);
    }

    private JsonNode json(HttpResponse<byte[]> response) throws IOException {
        return json.readTree(response.body());
    }

    @Test
    void storages_answer_in_openpai_shape_and_never_show_credentials() throws Exception {
        RestClient.Response list = alice.get("/api/v2/storages");
        assertThat(list.status()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        list.json().get("storages").forEach(s -> names.add(s.get("name").asText()));
        assertThat(names).contains("home", "local-" + suffix, "sftp-" + suffix, "ro-" + suffix)
                .doesNotContain("private-" + suffix);
        assertThat(list.json().get("storages").get(0).fieldNames()).toIterable()
                .containsExactly("name", "share", "volumeName", "default");
        RestClient.Response defaults = alice.get("/api/v2/storages?default=true");
        assertThat(defaults.body()).contains("sftp-" + suffix).doesNotContain("ro-" + suffix);

        RestClient.Response one = alice.get("/api/v2/storages/sftp-" + suffix);
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json().get("type").asText()).isEqualTo("other");
        assertThat(one.json().get("kind").asText()).isEqualTo("sftp");
        assertThat(one.json().get("mountPath").asText()).isEqualTo("/mnt/sftp-" + suffix);
        for (RestClient.Response response : List.of(list, defaults, one, admin.get("/api/v2/storages/sftp-" + suffix),
                admin.get("/api/v2/storages"))) {
            assertThat(response.body()).doesNotContain(SftpTestServer.PASSWORD);
        }

        RestClient.Response forbidden = alice.get("/api/v2/storages/private-" + suffix);
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.json().get("code").asText()).isEqualTo("ForbiddenUserError");
        RestClient.Response missing = alice.get("/api/v2/storages/nothing-" + suffix);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("code").asText()).isEqualTo("NoStorageError");
        assertThat(alice.postJson("/api/v2/storages", Map.of("name", "mine", "kind", "local", "rootUri", "/tmp")).status())
                .isEqualTo(403);
    }

    @Test
    void group_access_is_enforced_on_files() throws Exception {
        assertThat(get(files("private") + "/").statusCode()).isEqualTo(403);
        assertThat(put(files("private") + "/x.txt", "x".getBytes()).statusCode()).isEqualTo(403);
        assertThat(Files.exists(dir.resolve("private/x.txt"))).isFalse();
        HttpResponse<byte[]> readOnly = put(files("ro") + "/x.txt", "x".getBytes());
        assertThat(readOnly.statusCode()).isEqualTo(403);
        assertThat(new String(readOnly.body())).contains("read-only");
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void a_50_mb_upload_downloads_with_the_same_checksum(String storage) throws Exception {
        Path source = dir.resolve("big-" + storage + ".bin");
        writeRandom(source, 50L * 1024 * 1024, 50);
        HttpResponse<byte[]> uploaded = send("PUT", files(storage) + "/big/data.bin", HttpRequest.BodyPublishers.ofFile(source),
                "Content-Type", "application/octet-stream");
        assertThat(uploaded.statusCode()).as(new String(uploaded.body())).isEqualTo(201);

        Path copy = dir.resolve("big-" + storage + ".down");
        HttpResponse<Path> downloaded = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + files(storage) + "/big/data.bin")).header("Authorization", "Bearer " + alice.token()).build(),
                HttpResponse.BodyHandlers.ofFile(copy));
        assertThat(downloaded.statusCode()).isEqualTo(200);
        assertThat(downloaded.headers().firstValueAsLong("Content-Length")).hasValue(50L * 1024 * 1024);
        assertThat(sha256(copy)).isEqualTo(sha256(source));

        HttpResponse<byte[]> range = get(files(storage) + "/big/data.bin", "Range", "bytes=1000-1999");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 1000-1999/" + 50L * 1024 * 1024);
        byte[] expected = new byte[1000];
        try (InputStream in = Files.newInputStream(source)) {
            in.skipNBytes(1000);
            in.readNBytes(expected, 0, 1000);
        }
        assertThat(range.body()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void an_upload_cut_off_resumes_where_it_stopped(String storage) throws Exception {
        int total = 3 * 1024 * 1024;
        byte[] data = new byte[total];
        new Random(7).nextBytes(data);
        String path = files(storage) + "/resumed/file.bin";
        // the first piece's connection drops after 1 MiB of its 2 MiB
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("PUT " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + alice.token()
                    + "\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes 0-" + (2 * 1024 * 1024 - 1)
                    + "/" + total + "\r\nContent-Length: " + 2 * 1024 * 1024 + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(data, 0, 1024 * 1024);
            out.flush();
        }
        long received = 0;
        for (int attempt = 0; attempt < 100; attempt++) {
            HttpResponse<byte[]> probe = put(path, new byte[0], "Content-Range", "bytes */" + total);
            assertThat(probe.statusCode()).isEqualTo(200);
            received = json(probe).get("received").asLong();
            if (received == 1024 * 1024) {
                break;
            }
            Thread.sleep(100); // the server may still be writing what the dropped connection sent
        }
        assertThat(received).isEqualTo(1024 * 1024);
        assertThat(get(path).statusCode()).as("no half file under the target's name").isEqualTo(404);

        HttpResponse<byte[]> wrongOffset = put(path, new byte[10], "Content-Range", "bytes 0-9/" + total);
        assertThat(wrongOffset.statusCode()).isEqualTo(409);
        byte[] rest = java.util.Arrays.copyOfRange(data, (int) received, total);
        HttpResponse<byte[]> done = put(path, rest, "Content-Range", "bytes " + received + "-" + (total - 1) + "/" + total);
        assertThat(done.statusCode()).as(new String(done.body())).isEqualTo(201);
        assertThat(json(done).get("complete").asBoolean()).isTrue();
        assertThat(get(path).body()).isEqualTo(data);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void a_thousand_hostile_paths_are_refused_or_stay_inside_the_root(String storage) throws Exception {
        Path root = storage.equals("local") ? localRoot : sftpRoot;
        List<String> paths = HostilePaths.generate(1000, storage.hashCode());
        assertThat(paths).hasSize(1000);
        for (String hostile : paths) {
            String uri = files(storage) + hostile;
            int kind = Math.floorMod(hostile.hashCode(), 3);
            HttpResponse<byte[]> response;
            try {
                response = switch (kind) {
                    case 0 -> get(uri);
                    case 1 -> put(uri, "pwned".getBytes());
                    default -> send("POST", uri + "?op=mkdir", HttpRequest.BodyPublishers.noBody());
                };
            } catch (IllegalArgumentException unsendable) {
                continue; // a URI the client itself refuses never reaches Gantry
            }
            int status = response.statusCode();
            assertThat(status).as(hostile + " answered " + new String(response.body())).isNotEqualTo(500).isLessThan(500);
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).as(hostile).doesNotContain(SECRET);
        }
        try (Stream<Path> left = Files.walk(outside)) {
            assertThat(left.map(p -> outside.relativize(p).toString()).toList()).containsExactlyInAnyOrder("", "secret.txt");
        }
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo(SECRET);
        assertThat(root.resolve("link-out")).isSymbolicLink();
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void a_link_out_of_the_root_is_refused(String storage) throws Exception {
        HttpResponse<byte[]> read = get(files(storage) + "/link-out/secret.txt");
        assertThat(read.statusCode()).isIn(403, 404);
        assertThat(new String(read.body())).doesNotContain(SECRET);
        assertThat(put(files(storage) + "/link-out/new.txt", "x".getBytes()).statusCode()).isIn(403, 404);
        assertThat(outside.resolve("new.txt")).doesNotExist();
    }

    @Test
    void a_large_folder_lists_in_pages() throws Exception {
        Path folder = Files.createDirectories(localRoot.resolve("many"));
        for (int i = 0; i < 1200; i++) {
            Files.writeString(folder.resolve(String.format("f%05d.txt", i)), "x");
        }
        JsonNode first = json(get(files("local") + "/many?limit=500"));
        assertThat(first.get("path").asText()).isEqualTo("/many");
        assertThat(first.get("entries")).hasSize(500);
        assertThat(first.get("entries").get(0).get("name").asText()).isEqualTo("f00000.txt");
        assertThat(first.get("entries").get(0).get("type").asText()).isEqualTo("file");
        assertThat(first.get("total").asInt()).isEqualTo(1200);
        JsonNode last = json(get(files("local") + "/many?limit=500&offset=" + 1000));
        assertThat(last.get("entries")).hasSize(200);
        assertThat(last.get("next").isNull()).isTrue();
        assertThat(first.get("next").asInt()).isEqualTo(500);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void folders_are_made_copied_moved_and_deleted(String storage) throws Exception {
        String base = files(storage) + "/ops";
        assertThat(send("POST", base + "/a/b?op=mkdir", HttpRequest.BodyPublishers.noBody()).statusCode()).isEqualTo(201);
        assertThat(put(base + "/a/b/one.txt", "one".getBytes()).statusCode()).isEqualTo(201);
        HttpResponse<byte[]> copy = send("POST", base + "/a?op=copy&to=/ops/c", HttpRequest.BodyPublishers.noBody());
        assertThat(copy.statusCode()).isEqualTo(202);
        String transfer = json(copy).get("id").asText();
        JsonNode state = null;
        for (int i = 0; i < 200; i++) {
            state = json(get("/api/v2/storages/" + storage + "-" + suffix + "/transfers/" + transfer));
            if (!state.get("state").asText().equals("RUNNING")) {
                break;
            }
            Thread.sleep(50);
        }
        assertThat(state.get("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(state.get("bytesDone").asLong()).isEqualTo(3);
        assertThat(new String(get(base + "/c/b/one.txt").body())).isEqualTo("one");

        HttpResponse<byte[]> move = send("POST", base + "/c?op=move&to=/ops/d", HttpRequest.BodyPublishers.noBody());
        assertThat(move.statusCode()).isEqualTo(200);
        assertThat(get(base + "/c").statusCode()).isEqualTo(404);
        assertThat(send("DELETE", base + "/d", HttpRequest.BodyPublishers.noBody()).statusCode()).isEqualTo(409);
        assertThat(send("DELETE", base + "/d?recursive=true", HttpRequest.BodyPublishers.noBody()).statusCode()).isEqualTo(200);
        assertThat(get(base + "/d").statusCode()).isEqualTo(404);
        assertThat(send("POST", base + "/a?op=copy&to=/ops/a/inside", HttpRequest.BodyPublishers.noBody()).statusCode())
                .isEqualTo(400);
    }

    @Test
    void another_users_transfer_is_not_found() throws Exception {
        assertThat(put(files("local") + "/t/x.txt", "x".getBytes()).statusCode()).isEqualTo(201);
        String id = json(send("POST", files("local") + "/t?op=copy&to=/t2", HttpRequest.BodyPublishers.noBody())).get("id").asText();
        RestClient bob = RestClient.newUser(port, "bob");
        assertThat(bob.get("/api/v2/storages/local-" + suffix + "/transfers/" + id).status()).isEqualTo(404);
    }

    private static void writeRandom(Path file, long size, long seed) throws IOException {
        Random random = new Random(seed);
        byte[] block = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long done = 0; done < size; done += block.length) {
                random.nextBytes(block);
                out.write(block, 0, (int) Math.min(block.length, size - done));
            }
        }
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
