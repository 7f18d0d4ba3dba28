package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.gantry.runtime.SlurmCluster;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.OsAccount;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A task in a real Slurm allocation (Debian's slurmctld and slurmd on free ports): the gateway
 * attaches with {@code srun --overlap --pty} as the allocation's owner.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SlurmTerminalIT {

    @TempDir
    static Path clusterDir;

    private static SlurmCluster cluster;
    private static String slurmJobId;
    private static TaskShellTarget.Local local;

    @Autowired
    SshGateway gateway;

    @Autowired
    SshKeyService keys;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @BeforeAll
    static void clusterWithARunningJob() throws Exception {
        assumeTrue(SlurmCluster.missing().isEmpty(), "Slurm is not usable here: " + SlurmCluster.missing());
        cluster = SlurmCluster.start(clusterDir);
        cluster.openToTaskAccounts();
        local = TerminalTestData.localTask("train", Map.of());
        OsAccount account = OsAccount.lookup(local.osAccount()).orElseThrow();
        String id = cluster.run(List.of("sbatch", "--parsable", "--uid=" + account.uid(), "--gid=" + account.gid(),
                "--chdir=" + local.workingDirectory(), "--output=/dev/null", "--wrap=sleep 600"));
        slurmJobId = id.strip().split(";")[0];
        for (int i = 0; i < 150 && !cluster.run(List.of("squeue", "-h", "-j", slurmJobId, "-o", "%T")).contains("RUNNING"); i++) {
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.run(List.of("scancel", slurmJobId));
            cluster.close();
        }
    }

    @Test
    void a_shell_attaches_to_the_allocation_with_a_tty_that_follows_the_window() throws Exception {
        String owner = "sl" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        KeyPair key = GatewayTestClient.newKey();
        keys.add(owner, "laptop", PublicKeyEntry.toString(key.getPublic()));
        TaskRoute route = TaskRoute.of(owner, "train", "worker", 0);
        tasks.running(route, new TaskShellTarget.Slurm(slurmJobId, local.osAccount(), Optional.empty(),
                Optional.of(local.workingDirectory().toString()),
                Map.of("SLURM_CONF", cluster.conf().toString(), "GANTRY_JOB_NAME", "train"), local.initScript()));

        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), key)) {
            GatewayTestClient.Exec exec = client.exec("echo job=$SLURM_JOB_ID name=$GANTRY_JOB_NAME $FROM_INIT; id -un; exit 6");
            assertThat(exec.out()).as("stderr: " + exec.err() + " status " + exec.exitStatus()).contains("job=" + slurmJobId + " name=train init-ran", local.osAccount());
            assertThat(exec.exitStatus()).isEqualTo(6);

            GatewayTestClient.Shell shell = client.shell(100, 30);
            shell.type("tty; echo in=$SLURM_JOB_ID; stty size\r");
            String seen = shell.await("30 100");
            assertThat(seen).contains("/dev/pts/", "in=" + slurmJobId);
            shell.clear();
            shell.resize(120, 40);
            // srun passes the new size on to the step's pty on its own time, so ask until it has arrived
            shell.awaitAnswer("stty size\r", "40 120");
            // Regression: keys typed right behind Ctrl-C got lost on the way through srun ("cho:
            // command not found"); a tty's interrupt discards pending input, so wait for the prompt.
            shell.type("echo sleeping; sleep 30\r");
            shell.await("sleeping\r\n");
            shell.clear();
            shell.type("\u0003");
            shell.await("(" + route.loginName() + ")");
            shell.type("echo after-$((6*7))\r");
            shell.await("after-42");
        }
    }
}
