package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gantry.job.JobStorages;
import org.gantry.job.lint.LintContext.UsableStorage;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.runtime.InputReadiness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * hdfs:// inputs are checked over WebHDFS or with the hdfs command when one is configured, and
 * said to be not checked otherwise; {@code storages: []} means the owner's default storages.
 * HDFS cannot run here: the WebHDFS server and the hdfs command are stand-ins that answer as
 * HDFS does (GETFILESTATUS 200 or 404; {@code dfs -test -e} exit 0 or 1).
 */
class DataReadinessHdfsTest {

    private static JobSpec spec(String extras) {
        String yaml = "protocolVersion: 2\nname: hdfs-inputs\ntype: job\ntaskRoles:\n  main:\n    commands:\n"
                + "      - 'true'\n" + extras;
        return new ProtocolParser().parse(yaml).spec().orElseThrow();
    }

    private static final JobSpec HDFS_INPUTS = spec("extras:\n  gantry:\n    inputs:\n"
            + "      - hdfs://namenode:9000/data/train.csv\n      - hdfs://namenode:9000/data/missing.csv\n");

    private static DataReadiness readiness(DiagnosticsProperties properties) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        return new DataReadiness(null, null, properties, beans.getBeanProvider(SecurityContextHolderStrategy.class),
                beans.getBeanProvider(JobStorages.class));
    }

    private static InputReadiness.Verdict verdict(DataReadiness readiness, JobSpec spec) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        readiness.readiness(1, "alice", spec, done::countDown);
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        return readiness.readiness(1, "alice", spec, () -> { });
    }

    @Test
    void without_webhdfs_or_the_hdfs_command_hdfs_inputs_are_reported_as_not_checked() throws Exception {
        InputReadiness.Verdict verdict = verdict(readiness(new DiagnosticsProperties()), HDFS_INPUTS);

        assertThat(verdict.state()).isEqualTo(InputReadiness.State.READY);
        assertThat(verdict.checked()).containsExactly(
                "hdfs://namenode:9000/data/train.csv: not checked (set gantry.diagnostics.webhdfs-url or"
                        + " gantry.diagnostics.hdfs-command to check hdfs:// inputs)",
                "hdfs://namenode:9000/data/missing.csv: not checked (set gantry.diagnostics.webhdfs-url or"
                        + " gantry.diagnostics.hdfs-command to check hdfs:// inputs)");
    }

    @Test
    void webhdfs_says_which_hdfs_inputs_are_missing_asked_as_the_jobs_owner() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        HttpServer webhdfs = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhdfs.createContext("/webhdfs/v1/", exchange -> {
            asked.add(exchange.getRequestURI().toString());
            boolean found = exchange.getRequestURI().getPath().equals("/webhdfs/v1/data/train.csv");
            byte[] body = (found ? "{\"FileStatus\":{\"type\":\"FILE\"}}"
                    : "{\"RemoteException\":{\"exception\":\"FileNotFoundException\"}}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(found ? 200 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        webhdfs.start();
        try {
            DiagnosticsProperties properties = new DiagnosticsProperties();
            properties.setWebhdfsUrl("http://127.0.0.1:" + webhdfs.getAddress().getPort() + "/");

            InputReadiness.Verdict verdict = verdict(readiness(properties), HDFS_INPUTS);

            assertThat(verdict.state()).isEqualTo(InputReadiness.State.MISSING);
            assertThat(verdict.missing()).containsExactly("hdfs://namenode:9000/data/missing.csv does not exist in HDFS");
            assertThat(verdict.checked()).contains("hdfs://namenode:9000/data/train.csv: found");
            assertThat(asked).contains("/webhdfs/v1/data/train.csv?op=GETFILESTATUS&user.name=alice");
        } finally {
            webhdfs.stop(0);
        }
    }

    @Test
    void the_hdfs_command_says_which_hdfs_inputs_are_missing(@TempDir Path dir) throws Exception {
        Path hdfs = dir.resolve("hdfs");
        // answers as `hdfs dfs -test -e URI` does: 0 when the path exists, 1 when not
        Files.writeString(hdfs, "#!/bin/sh\n[ \"$1 $2 $3\" = 'dfs -test -e' ] || exit 2\n"
                + "[ \"$HADOOP_USER_NAME\" = alice ] || exit 3\n"
                + "[ \"$4\" = hdfs://namenode:9000/data/train.csv ] && exit 0\nexit 1\n");
        Files.setPosixFilePermissions(hdfs, PosixFilePermissions.fromString("rwxr-xr-x"));
        DiagnosticsProperties properties = new DiagnosticsProperties();
        properties.setHdfsCommand(hdfs.toString());

        InputReadiness.Verdict verdict = verdict(readiness(properties), HDFS_INPUTS);

        assertThat(verdict.missing()).containsExactly("hdfs://namenode:9000/data/missing.csv does not exist in HDFS");
        assertThat(verdict.checked()).contains("hdfs://namenode:9000/data/train.csv: found");
    }

    @Test
    void storages_are_mounted_as_the_storage_feature_mounts_them() {
        List<UsableStorage> usable = List.of(new UsableStorage("home", "/mnt/home", true),
                new UsableStorage("team", "/mnt/shared/team", false), new UsableStorage("scratch", "/scratch", true));

        // Bug: `storages: []` (the owner's default storages) mounted nothing, so none was checked.
        assertThat(DataReadiness.mounts(spec("extras:\n  storages: []\n"), usable))
                .containsExactly(java.util.Map.entry("/mnt/home", "home"), java.util.Map.entry("/scratch", "scratch"));
        assertThat(DataReadiness.mounts(spec("extras:\n  storages:\n    - name: team\n    - name: home\n"
                + "      mountPath: /mnt/data/\n    - name: other\n"), usable)).containsExactly(
                java.util.Map.entry("/mnt/shared/team", "team"), java.util.Map.entry("/mnt/data", "home"),
                java.util.Map.entry("/mnt/other", "other"));
        assertThat(DataReadiness.mounts(spec(""), usable)).isEmpty();
    }
}
