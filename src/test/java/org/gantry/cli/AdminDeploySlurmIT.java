package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.runtime.SlurmCluster;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code gantry admin deploy} with a compute machine that asks for Slurm ({@code slurm: true}):
 * two Debian sshd servers on loopback ports that let root in, {@code sys} (the system machine:
 * the Gantry of this test answers for it, and it becomes the Slurm controller) and {@code c1}
 * (the Slurm node). The deploy writes slurm.conf with c1's line from its own {@code slurmd -C},
 * starts Debian's slurmctld and slurmd on free ports with their files under a scratch
 * directory, waits for the node, and registers the partition as a virtual cluster; a job then
 * runs there through Gantry's slurm executor, and a second run reports no changes. Both
 * "machines" are this one, so the munge key is already the controller's.
 */
@RuntimeSpringTest
class AdminDeploySlurmIT {

    /** Where the deploy's Slurm keeps slurm.conf and its daemons' files: readable by task accounts, as /etc/slurm is. */
    private static final Path SLURM = Path.of("/tmp", "gantry-deploy-slurm-" + ProcessHandle.current().pid());

    @LocalServerPort
    int port;

    @TempDir
    Path dir;

    private DeployTestHost sys;
    private DeployTestHost c1;
    private Path inventory;
    private Path tokenFile;
    private RestClient admin;
    private String node;
    private String vc;

    @DynamicPropertySource
    static void slurmConf(DynamicPropertyRegistry registry) {
        registry.add("gantry.runtime.slurm.conf", () -> SLURM.resolve("slurm.conf").toString());
    }

    @BeforeEach
    void machines() throws Exception {
        DeployTestHost.assumeUsable();
        assumeThat(SlurmCluster.missing()).as("Slurm needs these").isEmpty();
        Files.createDirectories(SLURM);
        Files.setPosixFilePermissions(SLURM, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path key = DeployTestHost.clientKey(dir);
        sys = DeployTestHost.start(dir.resolve("sys"), key, "root");
        c1 = DeployTestHost.start(dir.resolve("c1"), key, "root");
        Path gantryDir = Files.createDirectories(dir.resolve("gantry"));
        String suffix = Long.toString(System.nanoTime() % 100000);
        node = "c1-" + suffix;
        vc = "sl" + suffix;
        inventory = Files.writeString(dir.resolve("cluster.yaml"), String.join("\n",
                "gantry:",
                "  url: http://127.0.0.1:" + port,
                "  dir: " + gantryDir,
                "slurm:",
                "  conf: " + SLURM.resolve("slurm.conf"),
                "  dir: " + SLURM.resolve("run"),
                "  cluster_name: deploy" + suffix,
                "  slurmctld_port: " + freePort(),
                "  slurmd_port: " + freePort(),
                "machines:",
                sys.inventoryEntry("sys" + suffix, "[system]", "root"),
                c1.inventoryEntry(node, "[compute]", "root") + "    vc: " + vc + "\n    slurm: true", ""));
        admin = RestClient.admin(port);
        tokenFile = Files.writeString(dir.resolve("token"), admin.token());
    }

    @AfterEach
    void stop() throws Exception {
        for (DeployTestHost host : new DeployTestHost[] {sys, c1}) {
            if (host != null) {
                host.close();
            }
        }
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (Files.exists(SLURM.resolve("slurm.conf"))) {
            ProcessBuilder shutdown = new ProcessBuilder("scontrol", "shutdown").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            shutdown.environment().put("SLURM_CONF", SLURM.resolve("slurm.conf").toString());
            shutdown.start().waitFor();
            Thread.sleep(2000);
        }
        for (String pidFile : List.of("slurmctld.pid", "slurmd-*.pid")) {
            new ProcessBuilder("bash", "-c", "for f in " + SLURM.resolve("run") + "/" + pidFile
                    + "; do [ -f \"$f\" ] && kill \"$(cat \"$f\")\" 2>/dev/null; done; true").start().waitFor();
        }
        new ProcessBuilder("rm", "-rf", SLURM.toString()).start().waitFor();
    }

    private DeployTestHost.DeployRun deploy(String... extra) {
        return DeployTestHost.deploy(inventory, tokenFile, extra);
    }

    @Test
    void a_compute_machine_asking_for_slurm_joins_as_a_node_runs_jobs_and_only_a_changed_conf_restarts_slurm()
            throws Exception {
        DeployTestHost.DeployRun dry = deploy("--dry-run");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("would write " + SLURM.resolve("slurm.conf"))
                .contains("would register virtual cluster " + vc + " on Slurm partition " + vc);
        assertThat(Files.exists(SLURM.resolve("slurm.conf"))).isFalse();

        DeployTestHost.DeployRun first = deploy();
        System.out.println(first.out());
        assertThat(first.exit()).as(first.out()).isZero();
        assertThat(first.out()).as(first.out()).contains("+ write " + SLURM.resolve("slurm.conf"))
                .contains("+ start slurmctld").contains("+ start slurmd as node " + node)
                .contains("= Slurm node " + node + " idle")
                .contains("+ register virtual cluster " + vc + " on Slurm partition " + vc)
                .doesNotContain("register SSH host");
        String conf = Files.readString(SLURM.resolve("slurm.conf"));
        assertThat(conf).contains("NodeName=" + node + " NodeHostname=").contains("NodeAddr=127.0.0.1")
                .containsPattern("CPUs=\\d+").containsPattern("RealMemory=\\d+")
                .contains("PartitionName=" + vc + " Nodes=" + node + " Default=YES");
        JsonNode cluster = admin.get("/api/v2/virtual-clusters/" + vc).json();
        assertThat(cluster.path("executor").asText()).isEqualTo("slurm");
        assertThat(cluster.path("target").asText()).isEqualTo(vc);

        Path marks = Files.createDirectories(SLURM.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        RestClient user = RestClient.newUser(port, "slurmdeployed");
        runsAsSlurmJob(user, vc, marks);

        DeployTestHost.DeployRun again = deploy();
        System.out.println(again.out());
        assertThat(again.exit()).as(again.out()).isZero();
        assertThat(again.out()).as(again.out()).endsWith("no changes\n").doesNotContain("+ ");

        // the node moves to another virtual cluster: a new partition in slurm.conf, which Slurm
        // learns only at a start, so both daemons are restarted, and the node takes jobs again
        String moved = vc + "b";
        Files.writeString(inventory, Files.readString(inventory).replace("vc: " + vc + "\n", "vc: " + moved + "\n"));
        DeployTestHost.DeployRun restarted = deploy();
        System.out.println(restarted.out());
        assertThat(restarted.exit()).as(restarted.out()).isZero();
        assertThat(restarted.out()).as(restarted.out()).contains("+ write " + SLURM.resolve("slurm.conf"))
                .contains("+ restart slurmctld").contains("+ restart slurmd as node " + node)
                .contains("= Slurm node " + node + " idle")
                .contains("+ register virtual cluster " + moved + " on Slurm partition " + moved);
        runsAsSlurmJob(user, moved, marks);
    }

    /** A job in the virtual cluster succeeds, and its task ran inside a Slurm job. */
    private static void runsAsSlurmJob(RestClient user, String virtualCluster, Path marks) throws Exception {
        String jobName = name("onslurmnode");
        user.submit(job(jobName, "resourcePerInstance: {cpu: 1, memoryMB: 64}",
                "echo ran-in-slurm-job-$SLURM_JOB_ID > " + marks + "/" + jobName)
                .replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: " + virtualCluster + "\n"));
        JsonNode done = await(user, user.username(), jobName, ended(), Duration.ofSeconds(120));
        assertThat(done.at("/jobStatus/state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(Files.readString(marks.resolve(jobName)).strip()).matches("ran-in-slurm-job-\\d+");
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
