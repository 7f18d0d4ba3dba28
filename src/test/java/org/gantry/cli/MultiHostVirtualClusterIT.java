package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.gantry.testsupport.TestSecurity;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * One virtual cluster on two compute machines (decision 0094): {@code gantry admin deploy}
 * registers two real Debian sshd servers on loopback ports into the same {@code vc}; a job whose
 * tasks together need more than one host's measured cpu runs a task on each, and with the first
 * host unreachable or drained new tasks go to the second only. Each task prints the sshd port it was started
 * through, read back through the REST log route, which follows the attempt's host.
 */
@RuntimeSpringTest
class MultiHostVirtualClusterIT {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @LocalServerPort
    int port;

    @TempDir
    Path dir;

    @Autowired
    GroupService groups;

    private final List<DeployTestHost> machines = new ArrayList<>();
    private DeployTestHost c1;
    private DeployTestHost c2;
    private Path inventory;
    private Path tokenFile;
    private RestClient admin;
    private String c1Name;
    private String c2Name;
    private String vc;

    @BeforeEach
    void machines() throws Exception {
        DeployTestHost.assumeUsable();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path key = DeployTestHost.clientKey(dir);
        DeployTestHost sys = DeployTestHost.start(dir.resolve("sys"), key);
        machines.add(sys);
        c1 = DeployTestHost.start(dir.resolve("c1"), key);
        machines.add(c1);
        c2 = DeployTestHost.start(dir.resolve("c2"), key);
        machines.add(c2);
        Path gantryDir = Files.createDirectories(dir.resolve("gantry"));
        DeployTestHost.run("chown", DeployTestHost.USER, gantryDir.toString());
        DeployTestHost.run("chmod", "777", dir.toString());
        String suffix = Long.toString(System.nanoTime() % 100000);
        c1Name = "m1-" + suffix;
        c2Name = "m2-" + suffix;
        vc = "multi-" + suffix;
        inventory = Files.writeString(dir.resolve("cluster.yaml"), String.join("\n",
                "gantry:",
                "  url: http://127.0.0.1:" + port,
                "  dir: " + gantryDir,
                "machines:",
                sys.inventoryEntry("ms" + suffix, "[system]"),
                c1.inventoryEntry(c1Name, "[compute]") + "    vc: " + vc,
                c2.inventoryEntry(c2Name, "[compute]") + "    vc: " + vc, ""));
        admin = RestClient.admin(port);
        tokenFile = Files.writeString(dir.resolve("token"), admin.token());
    }

    @AfterEach
    void stop() throws Exception {
        for (DeployTestHost machine : machines) {
            machine.close();
        }
    }

    private String deploy(String... extra) {
        DeployTestHost.DeployRun run = DeployTestHost.deploy(inventory, tokenFile, extra);
        assertThat(run.exit()).as(run.out()).isZero();
        return run.out();
    }

    /** Runs a job of {@code tasks} tasks needing {@code cpu} each; returns each task's host alias and sshd port. */
    private List<String> run(RestClient user, int tasks, int cpu) throws Exception {
        return hosts(user, submit(user, tasks, cpu, "true"));
    }

    private String submit(RestClient user, int tasks, int cpu, String before) {
        String jobName = name("multi");
        user.submit(job(jobName, "instances: " + tasks + "\nresourcePerInstance: {cpu: " + cpu + ", memoryMB: 64}",
                before, "echo port=${SSH_CONNECTION##* }")
                .replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: " + vc + "\n"));
        return jobName;
    }

    private List<String> hosts(RestClient user, String jobName) throws Exception {
        JsonNode done = await(user, user.username(), jobName, ended(), WAIT);
        assertThat(done.at("/jobStatus/state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        List<String> hosts = new ArrayList<>();
        for (JsonNode task : done.at("/taskRoles/main/taskStatuses")) {
            String container = task.path("containerId").asText();
            String stdout = user.get("/api/v2/jobs/" + user.username() + "~" + jobName
                    + "/attempts/0/taskRoles/main/taskIndex/" + task.path("taskIndex").asInt()
                    + "/attempts/0/logs/stdout").body().lines().filter(line -> line.startsWith("port="))
                    .findFirst().orElse("no port in stdout");
            hosts.add(container.substring(container.indexOf('[') + 1, container.indexOf(']')) + " " + stdout);
        }
        return hosts;
    }

    @Test
    void tasks_spread_over_the_hosts_of_one_virtual_cluster_and_a_drained_host_takes_no_new_ones()
            throws Exception {
        String out = deploy();
        assertThat(out).contains("+ register SSH host " + c1Name).contains("+ register SSH host " + c2Name)
                .contains("in virtual cluster " + vc);
        JsonNode cluster = admin.get("/api/v2/virtual-clusters/" + vc).json();
        assertThat(cluster.path("hosts").findValuesAsText("name")).containsExactly(c1Name, c2Name);
        int cpu = admin.get("/api/v2/ssh-hosts/" + c1Name).json().path("cpu").asInt();
        assertThat(cpu).isPositive();
        RestClient user = RestClient.newUser(port, "multi");

        // two tasks each needing every cpu of a host: one host cannot hold both
        List<String> spread = run(user, 2, cpu);

        assertThat(spread).containsExactlyInAnyOrder(c1Name + " port=" + c1.port(), c2Name + " port=" + c2.port());

        // the first host stops answering while a task runs there: the next task goes to the second
        Path release = dir.resolve("release");
        String held = submit(user, 1, 1, "while [ ! -e " + release + " ]; do sleep 0.2; done");
        await(user, user.username(), held, state("RUNNING"), WAIT);
        c1.crash();
        String meanwhile = submit(user, 1, 1, "true");
        assertThat(hosts(user, meanwhile)).containsExactly(c2Name + " port=" + c2.port());
        c1.up();
        Files.writeString(release, "");
        assertThat(hosts(user, held)).containsExactly(c1Name + " port=" + c1.port());

        admin.putJson("/api/v2/ssh-hosts/" + c1Name + "/draining", Map.of("draining", true));
        assertThat(admin.get("/api/v2/virtual-clusters/" + vc).json().path("hosts").get(0)
                .path("takesNewTasks").asBoolean()).isFalse();

        // first fit would put these one-cpu tasks on the first host; drained, the second takes them
        int tasks = Math.min(2, cpu);
        List<String> drained = run(user, tasks, 1);

        assertThat(drained).hasSize(tasks).allMatch((c2Name + " port=" + c2.port())::equals);

        String removed = deploy("--remove", c1Name);
        assertThat(removed).contains("+ deregister SSH host " + c1Name);
        assertThat(run(user, 1, 1)).containsExactly(c2Name + " port=" + c2.port());
    }

    @Test
    void a_host_joins_the_hosts_its_cluster_names_and_a_cluster_on_gantrys_own_host_moves_to_it() {
        String suffix = Long.toString(System.nanoTime() % 100000);
        String moved = "moved-" + suffix;
        String slurm = "queue-" + suffix;
        TestSecurity.asAdmin(() -> {
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(moved, "was local", "local", "", 3,
                    null, null));
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(slurm, "", "slurm", "debug", null,
                    null, null));
        });

        register("mv1-" + suffix, c1, moved);
        register("mv2-" + suffix, c2, moved);
        register("mv1-" + suffix, c1, moved);

        VirtualCluster cluster = groups.virtualCluster(moved).orElseThrow();
        assertThat(cluster.getExecutor()).isEqualTo("ssh");
        assertThat(cluster.targets()).containsExactly("mv1-" + suffix, "mv2-" + suffix);
        assertThat(cluster.getCpuQuota()).isEqualTo(3);
        assertThat(admin.get("/api/v2/ssh-hosts/mv2-" + suffix).json().path("virtualClusters").toString())
                .contains(moved);
        RestClient.Response refused = admin.putJson("/api/v2/ssh-hosts/mv3-" + suffix, body(c1, slurm));
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.body()).contains("Virtual cluster " + slurm + " runs on slurm:debug already");
    }

    private void register(String alias, DeployTestHost host, String cluster) {
        RestClient.Response put = admin.putJson("/api/v2/ssh-hosts/" + alias, body(host, cluster));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
    }

    private Map<String, Object> body(DeployTestHost host, String cluster) {
        return Map.of("host", "127.0.0.1", "port", host.port(), "username", DeployTestHost.USER,
                "keyPath", dir.resolve("client_key").toString(), "virtualCluster", cluster);
    }
}
