package org.gantry.runtime;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real one-node Slurm cluster (Debian's slurmctld + slurmd, munge) started for a test in a
 * scratch directory on free ports, and shut down afterwards. munged is started when it is not
 * running and left running: it is the machine's authentication daemon, possibly shared.
 */
public final class SlurmCluster implements AutoCloseable {

    private final Path dir;
    private final Path conf;

    private SlurmCluster(Path dir, Path conf) {
        this.dir = dir;
        this.conf = conf;
    }

    /** Empty when everything is installed, else what is missing (for an assumption). */
    public static List<String> missing() {
        List<String> missing = new ArrayList<>();
        for (String binary : List.of("/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch",
                "/usr/sbin/munged", "/etc/munge/munge.key")) {
            if (!Files.exists(Path.of(binary))) {
                missing.add(binary);
            }
        }
        if (!System.getProperty("user.name").equals("root")) {
            missing.add("root (slurmd must run as root)");
        }
        return missing;
    }

    public static SlurmCluster start(Path dir) throws Exception {
        for (String sub : List.of("state", "spool", "log")) {
            Files.createDirectories(dir.resolve(sub));
        }
        startMunge();
        String hostName = run(List.of("hostname"), Map.of()).trim();
        Path conf = Files.writeString(dir.resolve("slurm.conf"), String.join("\n",
                "ClusterName=gantrytest",
                "SlurmctldHost=localhost",
                "SlurmctldPort=" + freePort(),
                "SlurmdPort=" + freePort(),
                "SlurmUser=root",
                "AuthType=auth/munge",
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core_Memory",
                "JobCompType=jobcomp/filetxt",
                "JobCompLoc=" + dir.resolve("log/jobcomp.txt"),
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "SchedulerParameters=sched_interval=1",
                "KillWait=2",
                "MinJobAge=300",
                "NodeName=localhost NodeHostname=" + hostName + " CPUs=2 RealMemory=2048",
                "PartitionName=debug Nodes=localhost Default=YES State=UP MaxTime=INFINITE",
                ""));
        Map<String, String> env = Map.of("SLURM_CONF", conf.toString());
        run(List.of("/usr/sbin/slurmctld", "-f", conf.toString()), env);
        run(List.of("/usr/sbin/slurmd", "-f", conf.toString(), "-N", "localhost"), env);
        SlurmCluster cluster = new SlurmCluster(dir, conf);
        cluster.awaitIdle();
        return cluster;
    }

    public Path conf() {
        return conf;
    }

    /**
     * Stops slurmctld as a restart does (SIGTERM: it saves its state and exits) and waits until
     * it is gone; slurmd and the jobs it runs go on.
     */
    public void stopController() throws Exception {
        Path pidFile = dir.resolve("slurmctld.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        Optional<ProcessHandle> controller = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim()));
        if (controller.isPresent()) {
            controller.get().destroy();
            try {
                controller.get().onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                controller.get().destroyForcibly();
                controller.get().onExit().get(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Starts slurmctld again on its saved state, after {@link #stopController}, and waits until it answers. */
    public void startController() throws Exception {
        Map<String, String> env = Map.of("SLURM_CONF", conf.toString());
        run(List.of("/usr/sbin/slurmctld", "-f", conf.toString()), env);
        Instant end = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(end)) {
            ProcessBuilder ping = new ProcessBuilder("scontrol", "ping").redirectErrorStream(true);
            ping.environment().putAll(env);
            Process p = ping.start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() == 0 && out.contains("UP")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("slurmctld did not answer after its restart; see " + dir.resolve("log"));
    }

    private void awaitIdle() throws Exception {
        Instant end = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(end)) {
            String state = run(List.of("sinfo", "-h", "-o", "%t"), Map.of("SLURM_CONF", conf.toString())).trim();
            if (state.equals("idle") || state.equals("mix")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the Slurm node did not become idle; see " + dir.resolve("log"));
    }

    /** Runs a Slurm command against this cluster; its output with standard error. */
    public String run(List<String> command) throws Exception {
        return run(command, Map.of("SLURM_CONF", conf.toString()));
    }

    /** Lets task accounts read slurm.conf, as they would from /etc/slurm: srun runs as them. */
    public void openToTaskAccounts() throws IOException {
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(conf, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    }

    @Override
    public void close() throws Exception {
        run(List.of("scontrol", "shutdown"), Map.of("SLURM_CONF", conf.toString()));
        for (String pidFile : List.of("slurmctld.pid", "slurmd.pid")) {
            Path file = dir.resolve(pidFile);
            if (Files.exists(file)) {
                long pid = Long.parseLong(Files.readString(file).trim());
                ProcessHandle.of(pid).ifPresent(p -> {
                    try {
                        p.onExit().get(15, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        p.destroyForcibly();
                    }
                });
            }
        }
    }

    private static void startMunge() throws Exception {
        if (!run(List.of("pgrep", "-x", "munged"), Map.of()).isBlank()) {
            return;
        }
        Files.createDirectories(Path.of("/run/munge"));
        run(List.of("chown", "munge:munge", "/run/munge"), Map.of());
        run(List.of("runuser", "-u", "munge", "--", "/usr/sbin/munged"), Map.of());
    }

    private static String run(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
