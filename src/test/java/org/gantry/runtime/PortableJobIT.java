package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.Launches.awaitFinal;
import static org.gantry.runtime.Launches.log;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.gantry.deps.DepsStep;
import org.gantry.deps.StepResults;
import org.gantry.job.TaskStep;
import org.gantry.runtime.TaskObservation.Phase;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.runner.StepFiles;
import org.gantry.runtime.slurm.SlurmExecutor;
import org.gantry.runtime.ssh.MinaSshClients;
import org.gantry.runtime.ssh.SshExecutor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same job document, rendered once per task, runs unchanged on the local, ssh and slurm executors. */
class PortableJobIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path dir;

    private static OpenSshServer sshd;
    private static SlurmCluster slurm;
    private static MinaSshClients clients;
    private static LocalExecutor local;
    private static SshTarget host;
    private static RuntimeProperties.Slurm slurmSettings;

    @BeforeAll
    static void start() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        local = new LocalExecutor(dir.resolve("data"), dir.resolve("data/tasks"), new RuntimeProperties.Local(
                null, null, 0, true, RuntimeProperties.TaskAccounts.PER_USER, "gantry-task",
                "gantry-", "auto", null, Duration.ofDays(30), 2), System.getProperty("user.name").equals("root"));
        clients = new MinaSshClients(dir.resolve("known_hosts"), Duration.ofSeconds(10), Duration.ofSeconds(30));
        if (OpenSshServer.available()) {
            Files.createDirectories(dir.resolve("sshd"));
            Map<String, String> env = Map.of();
            if (SlurmCluster.missing().isEmpty()) {
                slurm = SlurmCluster.start(dir.resolve("slurm"));
                env = Map.of("SLURM_CONF", slurm.conf().toString());
            }
            sshd = OpenSshServer.start(dir.resolve("sshd"), env);
            host = new SshTarget("lab", "127.0.0.1", sshd.port(), sshd.user(), sshd.clientKey(),
                    ".gantry-portable-" + UUID.randomUUID());
        }
        slurmSettings = new RuntimeProperties.Slurm(slurm == null ? null : slurm.conf(), null, ".gantry-portable-slurm-" + UUID.randomUUID());
    }

    @AfterAll
    static void stop() throws Exception {
        clients.close();
        if (sshd != null) {
            sshd.close();
            new ProcessBuilder("rm", "-rf", sshd.home().resolve(host.baseDir()).toString(),
                    sshd.home().resolve(slurmSettings.remoteBaseDir()).toString()).start().waitFor();
        }
        if (slurm != null) {
            slurm.close();
        }
    }

    @Test
    void runs_on_the_local_executor() throws Exception {
        runEverywhere(local, "");
    }

    @Test
    void runs_on_the_ssh_executor() throws Exception {
        assumeThat(sshd).as("needs Debian's openssh-server").isNotNull();
        runEverywhere(new SshExecutor(alias -> Optional.of(host), clients), "lab");
    }

    @Test
    void runs_on_the_slurm_executor() throws Exception {
        assumeThat(SlurmCluster.missing()).as("Slurm needs these").isEmpty();
        runEverywhere(new SlurmExecutor(slurmSettings, Duration.ofSeconds(30), local,
                alias -> Optional.of(host), clients::shell), "debug");
    }

    private static void runEverywhere(Executor executor, String target) throws Exception {
        Placement placement = executor.placement(target, "alice");
        List<TaskLaunch> launches = PortableJobs.launches("alice", placement.host(), placement.cacheDir(), 21000);
        List<ExecutionHandle> handles = new java.util.ArrayList<>();
        for (TaskLaunch launch : launches) {
            handles.add(executor.submit(target, launch));
        }
        for (int i = 0; i < handles.size(); i++) {
            TaskObservation end = awaitFinal(executor, handles.get(i), WAIT);
            String stdout = log(executor, handles.get(i), LogStream.STDOUT);
            assertThat(end.phase()).as(stdout + log(executor, handles.get(i), LogStream.STDERR))
                    .isEqualTo(Phase.SUCCEEDED);
            assertThat(PortableJobs.taskLines(stdout)).isEqualTo(PortableJobs.expectedLines(i, 21000 + i));
            // The job views read the steps through the executor, whichever it is.
            List<DepsStep> planned = StepFiles.planned(executor, handles.get(i));
            StepResults recorded = StepFiles.read(executor, handles.get(i), step -> true, 5);
            assertThat(planned).containsExactly(DepsStep.ENV, DepsStep.BASH, DepsStep.CALL_BEFORE, DepsStep.TASK,
                    DepsStep.CALL_AFTER);
            assertThat(TaskSteps.of(planned, recorded, true, Optional.empty(), Instant.now()))
                    .extracting(TaskStep::status).containsOnly(TaskStep.Status.OK).hasSize(5);
        }
    }
}
