package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.time.LocalDate;
import java.util.Set;
import org.gantry.diagnostics.DiagnosticsService;
import org.gantry.security.CurrentUser;
import org.gantry.security.Role;
import org.gantry.storage.SftpTestServer;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StorageService;
import org.gantry.testsupport.TestSecurity;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.access.AccessDeniedException;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HistoryExportIT {

    // A day no other test writes attempts into.
    private static final Instant DAY = Instant.parse("2030-03-10T00:00:00Z");

    /** A seeded catalogue entry (SlurmNodeFailure), as the failed attempt's diagnosis. */
    private static final int DIAGNOSIS_CODE = 5002;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    HistoryQuery query;
    @Autowired
    DiagnosticsService diagnostics;
    @Autowired
    StorageService storages;
    @Autowired
    ObjectProvider<StorageService> storageProvider;

    @TempDir
    Path exports;

    RestClient alice;
    String bob;
    long aliceAttempt;

    @BeforeEach
    void generateHistory() {
        jdbc.update("delete from job where submitted_at >= ? and submitted_at < ?", Timestamp.from(DAY.minusSeconds(86_400)),
                Timestamp.from(DAY.plusSeconds(3 * 86_400)));
        UsageRows rows = new UsageRows(jdbc);
        alice = RestClient.newUser(port, "alice");
        bob = rows.user("bob");
        long a = rows.job(alice.username(), "train", "default", DAY.plusSeconds(3_600));
        // Two attempts: the first failed after 10 minutes, the retry ran an hour.
        rows.attempt(a, 1, "FAILED", 1, 4, 8_192, 1, DAY.plusSeconds(3_660), DAY.plusSeconds(4_260));
        diagnostics.catalogue();  // the seeded catalogue is stored on first use
        jdbc.update("insert into job_diagnosis (job_id, job_attempt, phrase, summary, body, analysed_at)"
                + " select ?, 0, phrase, 'node failed', '{}', now() from failure_pattern where code = ?", a, DIAGNOSIS_CODE);
        aliceAttempt = rows.attempt(a, 2, "SUCCEEDED", 0, 4, 8_192, 1, DAY.plusSeconds(4_300), DAY.plusSeconds(7_900));
        rows.measured(aliceAttempt, 6_000, 12_345_678);
        long b = rows.job(bob, "prep, \"quoted\"", "default", DAY.plusSeconds(36_000));
        rows.attempt(b, 1, "SUCCEEDED", 0, 2, 1_024, 0, DAY.plusSeconds(36_030), DAY.plusSeconds(36_150));
        // Ends the next day: in the next day's export only.
        long late = rows.job(bob, "late", "default", DAY.plusSeconds(86_000));
        rows.attempt(late, 1, "SUCCEEDED", 0, 1, 512, 0, DAY.plusSeconds(86_100), DAY.plusSeconds(86_500));
    }

    @Test
    void the_scheduled_export_writes_yesterdays_attempts_with_exact_rows_and_sums() throws IOException {
        UsageProperties properties = new UsageProperties(null, UsageProperties.ExportPeriod.DAY, exports, null, null, null, 0);
        Clock dayAfter = Clock.fixed(DAY.plusSeconds(86_400 + 900), ZoneOffset.UTC);
        HistoryService service = new HistoryService(query, new DirectoryExportStore(properties), new CurrentUser(),
                properties, dayAfter);

        String written = service.exportPreviousPeriod();

        Path file = exports.resolve("history/2030-03-10.csv");
        assertThat(written).isEqualTo(file.toString());
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo(HistoryCsv.HEADER);
        assertThat(lines.get(1)).contains(",train," + alice.username()
                + ",default,default,local,node-1,FAILED,1," + DIAGNOSIS_CODE + ",,main,0,1,2030-03-10T01:00:00Z,2030-03-10T01:01:00Z,"
                + "2030-03-10T01:11:00Z,60,600,4,8192,1,,");
        assertThat(lines.get(2)).endsWith(",SUCCEEDED,0,,,main,0,2,2030-03-10T01:00:00Z,2030-03-10T01:11:40Z,"
                + "2030-03-10T02:11:40Z,700,3600,4,8192,1,6000,12345678");
        assertThat(lines.get(3)).contains(",\"prep, \"\"quoted\"\"\"," + bob + ",");
        assertThat(lines.stream().skip(1).mapToLong(l -> Long.parseLong(runSeconds(l))).sum())
                .isEqualTo(600 + 3_600 + 120);
    }

    @Test
    void a_weekly_export_covers_the_previous_monday_to_sunday() throws IOException {
        UsageProperties properties = new UsageProperties(null, UsageProperties.ExportPeriod.WEEK, exports, null, null, null, 0);
        // 2030-03-13 is a Wednesday: the previous week is 2030-03-04 to 2030-03-10, which holds three attempts.
        Clock wednesday = Clock.fixed(Instant.parse("2030-03-13T00:15:00Z"), ZoneOffset.UTC);
        new HistoryService(query, new DirectoryExportStore(properties), new CurrentUser(), properties, wednesday)
                .exportPreviousPeriod();

        assertThat(Files.readAllLines(exports.resolve("history/2030-03-04.csv"))).hasSize(4);
    }

    @Test
    void the_rest_export_gives_an_admin_everyone_and_a_user_only_their_own() {
        RestClient.Response all = RestClient.admin(port).get("/api/v2/usage/history.csv?from=2030-03-10&to=2030-03-12");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.contentType()).startsWith("text/csv");
        assertThat(all.body().split("\r\n")).hasSize(5);

        RestClient.Response own = alice.get("/api/v2/usage/history.csv?from=2030-03-10&to=2030-03-12");
        String[] lines = own.body().split("\r\n");
        assertThat(lines).hasSize(3);
        assertThat(Arrays.stream(lines).skip(1)).allMatch(l -> l.contains("," + alice.username() + ","));
    }

    @Test
    void usage_per_day_has_exact_counts_and_sums_and_a_user_sees_only_their_own() {
        RestClient.Response daily = RestClient.admin(port).get("/api/v2/usage?from=2030-03-10&to=2030-03-12&by=day");
        assertThat(daily.status()).isEqualTo(200);
        assertThat(daily.json()).hasSize(2);
        var first = daily.json().get(0);
        assertThat(first.get("start").asText()).isEqualTo("2030-03-10T00:00:00Z");
        assertThat(first.get("jobs").asLong()).isEqualTo(2);
        assertThat(first.get("attempts").asLong()).isEqualTo(3);
        assertThat(first.get("succeeded").asLong()).isEqualTo(2);
        assertThat(first.get("failed").asLong()).isEqualTo(1);
        assertThat(first.get("cpuSeconds").asLong()).isEqualTo(4 * 600 + 4 * 3_600 + 2 * 120);
        assertThat(first.get("gpuSeconds").asLong()).isEqualTo(600 + 3_600);
        assertThat(first.get("meanWaitSeconds").asLong()).isEqualTo((60 + 700 + 30) / 3);
        assertThat(first.get("usedCpuSeconds").asLong()).as("measured on one attempt only").isEqualTo(12_346);
        assertThat(first.get("maxPeakMemoryMb").asLong()).isEqualTo(6_000);
        assertThat(daily.json().get(1).get("cpuSeconds").asLong()).isEqualTo(400);

        RestClient.Response own = alice.get("/api/v2/usage?from=2030-03-01&to=2030-04-01&by=month&user=" + bob);
        assertThat(own.json()).hasSize(1);
        assertThat(own.json().get(0).get("jobs").asLong()).isEqualTo(1);
        assertThat(own.json().get(0).get("attempts").asLong()).isEqualTo(2);
        assertThat(alice.get("/api/v2/usage?from=2030-03-01&to=2030-04-01&by=week").status()).isEqualTo(400);
    }

    @Test
    void a_bad_period_is_refused_with_its_reason() {
        RestClient.Response reversed = alice.get("/api/v2/usage/history.csv?from=2030-03-12&to=2030-03-10");
        assertThat(reversed.status()).isEqualTo(400);
        assertThat(reversed.body()).contains("must be before");
        RestClient.Response garbled = alice.get("/api/v2/usage/history.csv?from=yesterday&to=2030-03-10");
        assertThat(garbled.status()).isEqualTo(400);
        assertThat(garbled.body()).contains("Parameter from");
        assertThat(RestClient.anonymous(port).get("/api/v2/usage/history.csv?from=2030-03-10&to=2030-03-11").status())
                .isEqualTo(401);
    }

    @Test
    void an_export_path_never_leaves_the_export_directory() {
        UsageProperties properties = new UsageProperties(null, null, exports, null, null, null, 0);
        DirectoryExportStore store = new DirectoryExportStore(properties);
        assertThatThrownBy(() -> store.write("../escape.csv", out -> out.write("x")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.write("/etc/passwd", out -> out.write("x")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_scheduled_export_lands_in_a_registered_local_storage_through_the_storage_feature() throws IOException {
        Path root = exports.resolve("storage-root");
        Files.createDirectories(root);
        String name = register(StorageKind.LOCAL, root.toString(), null);
        UsageProperties properties = new UsageProperties(null, UsageProperties.ExportPeriod.DAY, exports.resolve("unused"),
                name, "reports/usage", null, 0);
        Clock dayAfter = Clock.fixed(DAY.plusSeconds(86_400 + 900), ZoneOffset.UTC);
        HistoryService service = new HistoryService(query, new ExportStores().exportStore(properties, storageProvider),
                new CurrentUser(), properties, dayAfter);

        String written = service.exportPreviousPeriod();
        // a second run of the same period replaces the file
        service.exportPreviousPeriod();

        assertThat(written).isEqualTo(name + ":/reports/usage/history/2030-03-10.csv");
        Path file = root.resolve("reports/usage/history/2030-03-10.csv");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo(HistoryCsv.HEADER);
        assertThat(lines.stream().skip(1).mapToLong(l -> Long.parseLong(runSeconds(l))).sum())
                .isEqualTo(600 + 3_600 + 120);
        try (var left = Files.list(file.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("2030-03-10.csv");
        }
        assertThat(exports.resolve("unused")).doesNotExist();
    }

    @Test
    void the_export_lands_in_an_sftp_storage_on_loopback() throws IOException {
        Path root = exports.resolve("sftp-root");
        Files.createDirectories(root);
        try (SftpTestServer sftp = new SftpTestServer(root, exports.resolve("host-key"))) {
            String name = register(StorageKind.SFTP, sftp.rootUri(), SftpTestServer.PASSWORD);
            UsageProperties properties = new UsageProperties(null, UsageProperties.ExportPeriod.WEEK, exports, name,
                    "", null, 0);
            Clock wednesday = Clock.fixed(Instant.parse("2030-03-13T00:15:00Z"), ZoneOffset.UTC);
            String written = new HistoryService(query, new ExportStores().exportStore(properties, storageProvider),
                    new CurrentUser(), properties, wednesday).exportPreviousPeriod();

            assertThat(written).isEqualTo(name + ":/history/2030-03-04.csv");
            assertThat(Files.readAllLines(root.resolve("history/2030-03-04.csv"))).hasSize(4);
        }
    }

    @Test
    void only_an_administrator_exports_into_the_store_on_demand_and_a_missing_storage_says_so() {
        UsageProperties properties = new UsageProperties(null, null, exports, "no-such-storage", "", null, 0);
        HistoryService service = new HistoryService(query, new ExportStores().exportStore(properties, storageProvider),
                new CurrentUser(), properties, Clock.systemUTC());
        LocalDate first = LocalDate.of(2030, 3, 10);

        assertThatThrownBy(() -> TestSecurity.as(alice.username(), Role.USER, () -> call(() ->
                service.exportNow(first, first.plusDays(1))))).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> TestSecurity.asAdmin(() -> call(() -> service.exportNow(first, first.plusDays(1)))))
                .hasRootCauseInstanceOf(StorageException.class).rootCause().hasMessageContaining(
                        "Storage no-such-storage is not found");
    }

    private interface IoCall {
        String run() throws IOException;
    }

    private static String call(IoCall call) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String register(StorageKind kind, String rootUri, String credentials) {
        String name = "exports-" + kind.name().toLowerCase() + "-" + System.nanoTime();
        TestSecurity.asAdmin(() -> storages.save(new StorageService.StorageSettings(name, kind, rootUri, credentials,
                false, false, "", Set.of(), "usage exports", Set.of())));
        return name;
    }

    /** The run_seconds field, counted from the end: the job's name before it may hold quoted commas. */
    private static String runSeconds(String line) {
        String[] fields = line.split(",", -1);
        return fields[fields.length - 6];
    }
}
