package org.gantry.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.runtime.OpenSshServer;
import org.gantry.runtime.SilentLink;
import org.gantry.runtime.SlurmCluster;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * Fault rounds of an executor's remote end while clients submit jobs that run there: the SSH
 * link to an SSH host cut ({@link #sshCut}: Debian's sshd on loopback as the host), the link
 * dropping every packet ({@link #sshSilent}: the sshd in a network namespace) and slurmctld
 * restarted ({@link #slurmctld}: the tests' one-node {@link SlurmCluster}). Cuts and
 * outages last 0, 20 and 60 s (slurmctld: 0, 10 and 30 s) in turn; with submissions every
 * moment, each one meets tasks being launched, running and ending. Recovery is the time from
 * the fault's end until Gantry records a job's end again.
 */
final class ExecutorFaultBench {

    private static final List<Integer> SSH_CUTS = List.of(0, 20, 60);
    private static final List<Integer> SSH_SILENCES = List.of(20, 60);
    private static final List<Integer> CONTROLLER_OUTAGES = List.of(0, 10, 30);

    private ExecutorFaultBench() {
    }

    /**
     * The SSH host's connections killed (the sshd processes serving them, SIGKILL) and, for a cut
     * of more than 0 s, its listening sshd stopped until the cut ends.
     */
    static String sshCut(int rounds) throws Exception {
        Path sshDir = Files.createTempDirectory("gantry-bench-sshd");
        try (OpenSshServer sshd = OpenSshServer.start(sshDir)) {
            AtomicInteger round = new AtomicInteger();
            return sshRounds("ssh-cut", "ssh link cut (0/20/60 s)", sshd, rounds, () -> {
                int seconds = SSH_CUTS.get(round.getAndIncrement() % SSH_CUTS.size());
                int killed = sshd.cut(seconds == 0);
                Thread.sleep(seconds * 1000L);
                sshd.listenAgain();
                System.out.printf("cut %d connection process(es) for %d s%n", killed, seconds);
                return System.nanoTime();
            });
        }
    }

    /**
     * The SSH host's link dropping every packet without a word (no reset, no refusal) for 20 and
     * 60 s in turn: the host's sshd runs in a network namespace ({@link SilentLink}) whose route
     * back to Gantry becomes a blackhole. Needs root.
     */
    static String sshSilent(int rounds) throws Exception {
        if (!SilentLink.available()) {
            return String.format("%-44s (needs root and ip for a network namespace)", "ssh link silent");
        }
        Path sshDir = Files.createTempDirectory("gantry-bench-sshd");
        try (SilentLink link = SilentLink.create(); OpenSshServer sshd = OpenSshServer.start(sshDir, link)) {
            AtomicInteger round = new AtomicInteger();
            return sshRounds("ssh-silent", "ssh link dropping packets (20/60 s)", sshd, rounds, () -> {
                int seconds = SSH_SILENCES.get(round.getAndIncrement() % SSH_SILENCES.size());
                link.drop();
                Thread.sleep(seconds * 1000L);
                link.restore();
                System.out.printf("dropped every packet for %d s%n", seconds);
                return System.nanoTime();
            });
        }
    }

    /** Rounds of an SSH host's fault: the host registered as {@code lab}, two clients each submitting a 3 s task every second. */
    private static String sshRounds(String name, String row, OpenSshServer sshd, int rounds, OutageBench.Fault fault)
            throws Exception {
        BenchGantry bench = new BenchGantry(name, Map.of());
        try (GantryProcess gantry = bench.start()) {
            RestClient.Response registered = RestClient.admin(gantry.port()).putJson("/api/v2/ssh-hosts/lab",
                    Map.of("host", sshd.address(), "port", sshd.port(), "username", sshd.user(),
                            "keyPath", sshd.clientKey().toString(),
                            "baseDir", ".gantry-bench-" + System.currentTimeMillis(), "virtualCluster", "lab"));
            if (registered.status() != 200) {
                throw new IllegalStateException("cannot register the SSH host: " + registered);
            }
            return OutageBench.rounds(bench, gantry, row, rounds, fault,
                    new OutageBench.Load(2, 1000, "lab", "3", true));
        }
    }

    /** slurmctld stopped as a restart stops it (SIGTERM) and started again on its saved state. */
    static String slurmctld(int rounds) throws Exception {
        List<String> missing = SlurmCluster.missing();
        if (!missing.isEmpty()) {
            return String.format("%-44s (missing %s)", "slurmctld restarted", String.join(", ", missing));
        }
        Path dir = Files.createTempDirectory("gantry-bench-slurm");
        // task accounts pass through it to their job's directory
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (SlurmCluster slurm = SlurmCluster.start(dir.resolve("slurm"))) {
            BenchGantry bench = new BenchGantry("slurmctld", Map.of("gantry.runtime.slurm.conf",
                    slurm.conf().toString()));
            try (GantryProcess gantry = bench.start()) {
                try (Connection db = gantry.database(); Statement sql = db.createStatement()) {
                    sql.executeUpdate("insert into virtual_cluster (name, description, executor, executor_target)"
                            + " values ('hpc', 'Slurm', 'slurm', 'debug')");
                    sql.executeUpdate("insert into group_virtual_cluster (group_id, virtual_cluster_id)"
                            + " select g.id, v.id from app_group g, virtual_cluster v"
                            + " where g.name = 'default' and v.name = 'hpc'");
                }
                AtomicInteger round = new AtomicInteger();
                return OutageBench.rounds(bench, gantry, "slurmctld restarted (down 0/10/30 s)", rounds, () -> {
                    int seconds = CONTROLLER_OUTAGES.get(round.getAndIncrement() % CONTROLLER_OUTAGES.size());
                    slurm.stopController();
                    Thread.sleep(seconds * 1000L);
                    slurm.startController();
                    System.out.printf("slurmctld down for %d s%n", seconds);
                    return System.nanoTime();
                }, new OutageBench.Load(1, 1500, "hpc", "1", true));
            }
        }
    }
}
