package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
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

/**
 * {@code gantry storage list} and {@code gantry fs …} in their own JVM against a running Gantry,
 * on a local directory storage and on a real SFTP server on loopback.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FsCommandIT {

    private static final long FIFTY_MB = 50L * 1024 * 1024;

    @LocalServerPort
    int port;
    @TempDir
    static Path dir;

    private RestClient alice;
    private SftpTestServer sftp;
    private Path localRoot;
    private Path sftpRoot;
    private String suffix;
    private Path cliHome;

    @BeforeAll
    void setUp() throws Exception {
        suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        RestClient admin = RestClient.admin(port);
        alice = RestClient.newUser(port, "fs");
        localRoot = Files.createDirectories(dir.resolve("local-root"));
        sftpRoot = Files.createDirectories(dir.resolve("sftp-root"));
        sftp = new SftpTestServer(sftpRoot, dir.resolve("sftp-host-key"));
        register(admin, "local-" + suffix, "local", localRoot.toString(), null, List.of("default"));
        register(admin, "sftp-" + suffix, "sftp", sftp.rootUri(), SftpTestServer.PASSWORD, List.of("default"));
        register(admin, "private-" + suffix, "local", Files.createDirectories(dir.resolve("private")).toString(), null,
                List.of("nobody-" + suffix));
        cliHome = Files.createDirectories(dir.resolve("cli"));
        CliProcess.Result added = gantry("cluster", "add", "--alias", "lab", "--uri", "http://127.0.0.1:" + port,
                "--user", alice.username(), "--token", alice.token());
        assertThat(added.exitCode()).as(added.err()).isZero();
    }

    @AfterAll
    void tearDown() throws IOException {
        sftp.close();
    }

    private static void register(RestClient admin, String name, String kind, String root, String password,
                                 List<String> groups) {
        Map<String, Object> body = new HashMap<>(Map.of("name", name, "kind", kind, "rootUri", root,
                "groups", groups, "readOnly", false, "default", false));
        if (password != null) {
            body.put("credentials", password);
        }
        RestClient.Response created = admin.postJson("/api/v2/storages", body);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
    }

    private CliProcess.Result gantry(String... args) throws Exception {
        return new CliProcess(cliHome).run("", args);
    }

    private Path root(String storage) {
        return storage.equals("local") ? localRoot : sftpRoot;
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void a_50_mb_file_goes_up_and_down_through_the_cli_with_equal_checksums(String storage) throws Exception {
        Path original = dir.resolve("original-" + storage + ".bin");
        writeRandom(original, FIFTY_MB, storage.hashCode());
        String sha = sha256(original);
        String url = "pai://" + storage + "-" + suffix + "/big/original.bin";

        CliProcess.Result mkdir = gantry("fs", "mkdir", "pai://" + storage + "-" + suffix + "/big");
        assertThat(mkdir.exitCode()).as(mkdir.err()).isZero();
        CliProcess.Result up = gantry("fs", "cp", original.toString(), url);
        assertThat(up.exitCode()).as(up.err()).isZero();
        assertThat(up.out()).contains("uploaded " + original, FIFTY_MB + " bytes", "sha256 " + sha)
                .doesNotContain("resumed");
        assertThat(sha256(root(storage).resolve("big/original.bin"))).isEqualTo(sha);

        Path back = Files.createDirectories(dir.resolve("back-" + storage));
        CliProcess.Result down = gantry("fs", "cp", url, back.toString());
        assertThat(down.exitCode()).as(down.err()).isZero();
        assertThat(down.out()).contains("sha256 " + sha, "(equal to the server's)");
        assertThat(sha256(back.resolve("original.bin"))).isEqualTo(sha);
        assertThat(back.resolve(".original.bin.gantry-part")).doesNotExist();

        CliProcess.Result ls = gantry("fs", "ls", "-l", "pai://lab/" + storage + "-" + suffix + "/big");
        assertThat(ls.exitCode()).as(ls.err()).isZero();
        assertThat(ls.out()).containsPattern("- +" + FIFTY_MB + " .* original\\.bin");
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void an_upload_broken_off_by_another_client_is_resumed_where_the_server_says(String storage) throws Exception {
        Path file = dir.resolve("resume-" + storage + ".bin");
        long size = 3L * 1024 * 1024 + 17;
        writeRandom(file, size, 7 + storage.length());
        byte[] bytes = Files.readAllBytes(file);
        long half = size / 2;
        HttpResponse<String> piece = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        "http://127.0.0.1:" + port + "/api/v2/storages/" + storage + "-" + suffix + "/files/resume.bin"))
                .header("Authorization", "Bearer " + alice.token())
                .header("Content-Range", "bytes 0-" + (half - 1) + "/" + size)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(java.util.Arrays.copyOf(bytes, (int) half))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(piece.statusCode()).as(piece.body()).isEqualTo(200);

        CliProcess.Result up = gantry("fs", "cp", file.toString(), "pai://" + storage + "-" + suffix + "/resume.bin");

        assertThat(up.exitCode()).as(up.err()).isZero();
        assertThat(up.out()).contains("resumed at byte " + half, "sha256 " + sha256(file));
        assertThat(Files.readAllBytes(root(storage).resolve("resume.bin"))).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "sftp"})
    void a_download_broken_off_continues_from_its_part_file_with_range(String storage) throws Exception {
        Path served = root(storage).resolve("resume-down.bin");
        long size = 3L * 1024 * 1024 + 29;
        writeRandom(served, size, 11 + storage.length());
        byte[] bytes = Files.readAllBytes(served);
        long half = size / 2;
        Path back = Files.createDirectories(dir.resolve("resumed-" + storage));
        // what a download killed halfway leaves: its first bytes in the hidden part file
        Files.write(back.resolve(".resume-down.bin.gantry-part"), java.util.Arrays.copyOf(bytes, (int) half));
        String url = "pai://" + storage + "-" + suffix + "/resume-down.bin";

        CliProcess.Result down = gantry("fs", "cp", url, back.toString());

        assertThat(down.exitCode()).as(down.err()).isZero();
        assertThat(down.out()).contains("resumed at byte " + half, "sha256 " + sha256(served));
        assertThat(Files.readAllBytes(back.resolve("resume-down.bin"))).isEqualTo(bytes);
        assertThat(back.resolve(".resume-down.bin.gantry-part")).doesNotExist();

        // a part of another version of the file fails the checksum, is removed, and the next run starts afresh
        Files.write(back.resolve(".again.bin.gantry-part"), new byte[(int) half]);
        CliProcess.Result mismatched = gantry("fs", "cp", url, back.resolve("again.bin").toString());
        assertThat(mismatched.exitCode()).isNotZero();
        assertThat(mismatched.err()).contains("run the command again");
        assertThat(back.resolve(".again.bin.gantry-part")).doesNotExist();
        CliProcess.Result again = gantry("fs", "cp", url, back.resolve("again.bin").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).doesNotContain("resumed at byte");
        assertThat(Files.readAllBytes(back.resolve("again.bin"))).isEqualTo(bytes);
    }

    @Test
    void folders_copy_both_ways_move_and_delete_and_storages_are_listed() throws Exception {
        Path tree = Files.createDirectories(dir.resolve("tree/sub"));
        Files.writeString(dir.resolve("tree/a.txt"), "alpha");
        Files.writeString(tree.resolve("b.txt"), "beta");
        String storage = "pai://local-" + suffix;

        assertThat(gantry("fs", "cp", dir.resolve("tree").toString(), storage + "/").err())
                .contains("is a folder: copy it with -r");
        CliProcess.Result up = gantry("fs", "cp", "-r", dir.resolve("tree").toString(), storage + "/");
        assertThat(up.exitCode()).as(up.err()).isZero();
        assertThat(Files.readString(localRoot.resolve("tree/sub/b.txt"))).isEqualTo("beta");

        CliProcess.Result mv = gantry("fs", "mv", storage + "/tree", storage + "/moved");
        assertThat(mv.exitCode()).as(mv.err()).isZero();
        assertThat(localRoot.resolve("tree")).doesNotExist();
        Path back = Files.createDirectories(dir.resolve("tree-back"));
        CliProcess.Result down = gantry("fs", "cp", "-r", storage + "/moved", back.toString());
        assertThat(down.exitCode()).as(down.err()).isZero();
        assertThat(Files.readString(back.resolve("moved/a.txt"))).isEqualTo("alpha");
        assertThat(Files.readString(back.resolve("moved/sub/b.txt"))).isEqualTo("beta");

        CliProcess.Result stat = gantry("fs", "stat", storage + "/moved/a.txt");
        assertThat(stat.exitCode()).as(stat.err()).isZero();
        assertThat(stat.out()).contains("type:     file", "size:     5");
        assertThat(gantry("fs", "rm", storage + "/moved").exitCode()).isNotZero();
        CliProcess.Result rm = gantry("fs", "rm", "-r", storage + "/moved");
        assertThat(rm.exitCode()).as(rm.err()).isZero();
        assertThat(localRoot.resolve("moved")).doesNotExist();

        CliProcess.Result storages = gantry("storage", "list");
        assertThat(storages.exitCode()).as(storages.err()).isZero();
        assertThat(storages.out()).contains("local-" + suffix, "sftp-" + suffix, "/mnt/local-" + suffix)
                .doesNotContain("private-" + suffix, SftpTestServer.PASSWORD);
        assertThat(gantry("fs", "ls", "pai://lab/").out()).contains("local-" + suffix + "/", "home/")
                .doesNotContain("private-" + suffix);
    }

    @Test
    void refusals_are_one_line_and_a_non_zero_exit() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "secret");
        CliProcess.Result forbidden = gantry("fs", "ls", "pai://private-" + suffix + "/");
        CliProcess.Result escape = gantry("fs", "cp", secret.toString(), "pai://local-" + suffix + "/a/%2e%2e/%2e%2e/x");
        CliProcess.Result missing = gantry("fs", "cp", "pai://local-" + suffix + "/no-such", dir.toString());
        CliProcess.Result bothLocal = gantry("fs", "cp", secret.toString(), dir.resolve("copy").toString());
        for (CliProcess.Result result : List.of(forbidden, escape, missing, bothLocal)) {
            assertThat(result.exitCode()).as(result.out()).isNotZero();
            assertThat(result.err().strip()).startsWith("gantry: ").hasLineCount(1).doesNotContain("Exception");
        }
        assertThat(missing.err()).contains("No such file or folder");
        assertThat(dir.resolve("x")).doesNotExist();
        assertThat(localRoot.getParent().resolve("x")).doesNotExist();
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

    static String sha256(Path file) throws Exception {
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
