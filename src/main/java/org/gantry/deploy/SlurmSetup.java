package org.gantry.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.ssh.MinaSshClients;

/**
 * The compute machines with {@code slurm: true} become the nodes of a Slurm cluster whose
 * controller is the system machine (decision 0097): the controller's munge key on every node,
 * one slurm.conf on every Slurm machine (a node line per machine from its own {@code slurmd -C},
 * a partition per virtual cluster), slurmctld and slurmd started where they do not run, the
 * nodes awaited until Slurm takes jobs on them, and a virtual cluster per partition registered
 * in Gantry for its slurm executor. Every step checks first, so a second run changes nothing.
 * Slurm machines are logged in to as root: the daemons, the munge key and /etc are root's.
 */
final class SlurmSetup {

    static final String MUNGE_KEY = "/etc/munge/munge.key";
    private static final int AWAIT_SECONDS = 60;

    private final Deployer deploy;
    private final Inventory.Slurm slurm;

    SlurmSetup(Deployer deploy, Inventory.Slurm slurm) {
        this.deploy = deploy;
        this.slurm = slurm;
    }

    /** Joins {@code nodes} (all of the inventory's Slurm nodes) to the controller's cluster. */
    void join(MinaSshClients ssh, Inventory.Machine controller, List<Inventory.Machine> nodes) {
        List<Inventory.Machine> all = new ArrayList<>();
        all.add(controller);
        nodes.stream().filter(n -> !n.name().equals(controller.name())).forEach(all::add);
        for (Inventory.Machine machine : all) {
            if (!machine.user().equals("root")) {
                deploy.fail(machine, "slurm", "", "Slurm machines are set up as root (the daemons, the munge key and"
                        + " /etc are root's): give this machine `user: root`");
                return;
            }
        }
        if (!commands(ssh, controller, "slurmctld scontrol sinfo sbatch munged")) {
            return;
        }
        Map<String, String> nodeLines = new LinkedHashMap<>();
        for (Inventory.Machine node : nodes) {
            if (!commands(ssh, node, "slurmd munged")) {
                return;
            }
            Optional<String> line = nodeLine(ssh, node);
            if (line.isEmpty()) {
                return;
            }
            nodeLines.put(node.name(), line.get());
        }
        Optional<String> hostName = hostName(ssh, controller);
        if (hostName.isEmpty()) {
            return;
        }
        Optional<String> key = mungeKey(ssh, controller);
        if (key.isEmpty()) {
            return;
        }
        String conf = conf(controller, hostName.get(), nodes, nodeLines);
        boolean confChanged = false;
        for (Inventory.Machine machine : all) {
            if (!machine.name().equals(controller.name()) && !copyMungeKey(ssh, machine, key.get())) {
                return;
            }
            if (!deploy.remoteStep(ssh, machine, "munged", "pgrep -x munged >/dev/null",
                    "mkdir -p /run/munge && chown munge:munge /run/munge && runuser -u munge -- /usr/sbin/munged",
                    "start munged")) {
                return;
            }
            Optional<Boolean> written = writeConf(ssh, machine, conf);
            if (written.isEmpty()) {
                return;
            }
            confChanged |= written.get();
        }
        String env = "PATH=$PATH:/usr/sbin SLURM_CONF=" + Bash.quote(slurm.conf()) + " ";
        if (!daemon(ssh, controller, "slurmctld", "slurmctld.pid", env + "slurmctld -f " + Bash.quote(slurm.conf()),
                "slurmctld (" + slurm.clusterName() + ", port " + slurm.slurmctldPort() + ")", confChanged)) {
            return;
        }
        for (Inventory.Machine node : nodes) {
            if (!daemon(ssh, node, "slurmd", "slurmd-" + node.name() + ".pid", env + "slurmd -f "
                    + Bash.quote(slurm.conf()) + " -N " + node.name(), "slurmd as node " + node.name(), confChanged)) {
                return;
            }
        }
        if (!deploy.dryRun() && !awaitNodes(ssh, controller, nodes, env)) {
            return;
        }
        virtualClusters(controller, nodes);
    }

    /**
     * The daemon runs (its pid file names a live process), else it is started; one that ran before
     * a new slurm.conf is restarted (SIGTERM, up to 10 s, started again): Slurm 22.05 learns of added
     * or removed nodes only at a start. slurmctld keeps its jobs in its state directory; a slurmd's
     * running job steps go on without it.
     */
    private boolean daemon(MinaSshClients ssh, Inventory.Machine machine, String step, String pidFile, String start,
                           String what, boolean confChanged) {
        if (!confChanged || !running(ssh, machine, pidFile)) {
            return deploy.remoteStep(ssh, machine, step, alive(pidFile), start, "start " + what);
        }
        deploy.change(machine, "restart " + what + ": its slurm.conf changed");
        if (deploy.dryRun()) {
            return true;
        }
        String file = Bash.quote(slurm.dir() + "/" + pidFile);
        return run(ssh, machine, step, "pid=$(cat " + file + ") && kill \"$pid\" && for i in $(seq 50); do kill -0"
                + " \"$pid\" 2>/dev/null || break; sleep 0.2; done && " + start);
    }

    /** Whether the machine has the commands; a failed step naming the missing ones otherwise. */
    private boolean commands(MinaSshClients ssh, Inventory.Machine machine, String commands) {
        String check = "export PATH=$PATH:/usr/sbin; missing=; for c in " + commands + "; do command -v $c >/dev/null 2>&1 || missing=\"$missing $c\"; done; [ -z \"$missing\" ] ||"
                + " { echo \"missing:$missing\" >&2; exit 1; }";
        try {
            RemoteShell.ShellResult result = deploy.shell(ssh, machine).run(check);
            if (result.exitCode() != 0) {
                deploy.fail(machine, "slurm", "command -v " + commands, result.message().strip()
                        + ": install Slurm and munge there (apt-get install slurm-wlm munge)");
                return false;
            }
            return true;
        } catch (ExecutorException e) {
            deploy.fail(machine, "slurm", "command -v " + commands, e.getMessage());
            return false;
        }
    }

    /**
     * The node's line of slurm.conf from what its slurmd measures ({@code slurmd -C}), named after
     * the machine, with the host name slurmd runs on and the inventory's address.
     */
    private Optional<String> nodeLine(MinaSshClients ssh, Inventory.Machine node) {
        String command = "PATH=$PATH:/usr/sbin slurmd -C";
        try {
            RemoteShell.ShellResult result = deploy.shell(ssh, node).run(command);
            Optional<String> measured = result.stdout().lines().filter(l -> l.startsWith("NodeName=")).findFirst();
            if (result.exitCode() != 0 || measured.isEmpty()) {
                deploy.fail(node, "slurmd -C", command, result.exitCode() != 0 ? result.message()
                        : "no NodeName line in its output");
                return Optional.empty();
            }
            return Optional.of(nodeLine(node, measured.get()));
        } catch (ExecutorException e) {
            deploy.fail(node, "slurmd -C", command, e.getMessage());
            return Optional.empty();
        }
    }

    /** {@code NodeName=vm CPUs=2 … RealMemory=2048} as measured, renamed after the machine. */
    static String nodeLine(Inventory.Machine node, String measured) {
        String[] fields = measured.strip().split("\\s+");
        String hostName = fields[0].substring("NodeName=".length());
        StringBuilder line = new StringBuilder("NodeName=" + node.name() + " NodeHostname=" + hostName + " NodeAddr="
                + node.address());
        for (int i = 1; i < fields.length; i++) {
            if (fields[i].matches("(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore|RealMemory|Gres)=\\S+")) {
                line.append(' ').append(fields[i]);
            }
        }
        return line.toString();
    }

    /** The short host name of the controller: slurmctld starts only on the host slurm.conf names. */
    private Optional<String> hostName(MinaSshClients ssh, Inventory.Machine controller) {
        try {
            RemoteShell.ShellResult result = deploy.shell(ssh, controller).run("hostname -s");
            String name = result.stdout().strip();
            if (result.exitCode() != 0 || !name.matches("[A-Za-z0-9][A-Za-z0-9.-]*")) {
                deploy.fail(controller, "slurm", "hostname -s", result.exitCode() != 0 ? result.message()
                        : "not a host name: " + name);
                return Optional.empty();
            }
            return Optional.of(name);
        } catch (ExecutorException e) {
            deploy.fail(controller, "slurm", "hostname -s", e.getMessage());
            return Optional.empty();
        }
    }

    /** The controller's munge key, base64; made first (1 KiB of random bytes) when it has none. */
    private Optional<String> mungeKey(MinaSshClients ssh, Inventory.Machine controller) {
        String make = "umask 077 && dd if=/dev/urandom bs=1024 count=1 of=" + MUNGE_KEY + " 2>/dev/null && chown"
                + " munge:munge " + MUNGE_KEY + " && chmod 400 " + MUNGE_KEY;
        if (!deploy.remoteStep(ssh, controller, "munge key", "test -s " + MUNGE_KEY, make, "make the munge key "
                + MUNGE_KEY)) {
            return Optional.empty();
        }
        try {
            RemoteShell.ShellResult read = deploy.shell(ssh, controller).run("base64 -w0 " + MUNGE_KEY);
            if (read.exitCode() != 0) {
                if (deploy.dryRun()) {
                    return Optional.of("");
                }
                deploy.fail(controller, "munge key", "base64 -w0 " + MUNGE_KEY, read.message());
                return Optional.empty();
            }
            return Optional.of(read.stdout().strip());
        } catch (ExecutorException e) {
            deploy.fail(controller, "munge key", "base64 -w0 " + MUNGE_KEY, e.getMessage());
            return Optional.empty();
        }
    }

    /** The controller's key on a node (compared by SHA-256; the key itself never shows in the output). */
    private boolean copyMungeKey(MinaSshClients ssh, Inventory.Machine node, String key) {
        String check = "printf '%s' \"$(base64 -w0 " + MUNGE_KEY + " 2>/dev/null | sha256sum | cut -d' ' -f1)\""
                + " | grep -qx " + Deployer.sha256(key);
        // the key travels over SFTP into a file only root reads, never in a command line other users could see
        String encoded = MUNGE_KEY + ".b64";
        String write = "umask 077 && base64 -d < " + encoded + " > " + MUNGE_KEY + ".new && rm -f " + encoded
                + " && chown munge:munge " + MUNGE_KEY + ".new && chmod 400 " + MUNGE_KEY + ".new && mv -f "
                + MUNGE_KEY + ".new " + MUNGE_KEY + " && { pkill -x munged; sleep 1; true; }";
        try {
            RemoteShell shell = deploy.shell(ssh, node);
            if (shell.run(check).exitCode() == 0) {
                deploy.say(node, "= the controller's munge key");
                return true;
            }
            deploy.change(node, "copy the controller's munge key to " + MUNGE_KEY);
            if (deploy.dryRun()) {
                return true;
            }
            RemoteShell.ShellResult made = shell.run("mkdir -p /etc/munge");
            if (made.exitCode() != 0) {
                deploy.fail(node, "munge key", "mkdir -p /etc/munge", made.message());
                return false;
            }
            shell.writeFile(encoded, key, 0600);
            RemoteShell.ShellResult result = shell.run(write);
            if (result.exitCode() != 0) {
                deploy.fail(node, "munge key", "write " + MUNGE_KEY, result.message());
                return false;
            }
            return true;
        } catch (ExecutorException e) {
            deploy.fail(node, "munge key", "write " + MUNGE_KEY, e.getMessage());
            return false;
        }
    }

    /** slurm.conf on the machine unless it is the same already; true when written, empty when it failed. */
    private Optional<Boolean> writeConf(MinaSshClients ssh, Inventory.Machine machine, String conf) {
        String path = slurm.conf();
        String check = "printf '%s' \"$(sha256sum < " + Bash.quote(path) + " 2>/dev/null | cut -d' ' -f1)\""
                + " | grep -qx " + Deployer.sha256(conf) + " && test -d " + Bash.quote(slurm.dir() + "/state");
        try {
            RemoteShell shell = deploy.shell(ssh, machine);
            if (shell.run(check).exitCode() == 0) {
                deploy.say(machine, "= " + path);
                return Optional.of(false);
            }
            deploy.change(machine, "write " + path + " (" + slurm.clusterName() + ")");
            if (deploy.dryRun()) {
                return Optional.of(true);
            }
            String dirs = "mkdir -p " + Bash.quote(path.substring(0, Math.max(1, path.lastIndexOf('/')))) + " "
                    + Bash.quote(slurm.dir() + "/state") + " " + Bash.quote(slurm.dir() + "/spool") + " "
                    + Bash.quote(slurm.dir() + "/log");
            RemoteShell.ShellResult made = shell.run(dirs);
            if (made.exitCode() != 0) {
                deploy.fail(machine, "slurm.conf", dirs, made.message());
                return Optional.empty();
            }
            shell.writeFile(path, conf, 0644);
            return Optional.of(true);
        } catch (ExecutorException e) {
            deploy.fail(machine, "slurm.conf", "write " + path, e.getMessage());
            return Optional.empty();
        }
    }

    /** The cluster's slurm.conf: the controller, the daemons' files under the Slurm dir, a line per node, a partition per virtual cluster. */
    String conf(Inventory.Machine controller, String controllerHost, List<Inventory.Machine> nodes,
                Map<String, String> nodeLines) {
        String dir = slurm.dir();
        List<String> lines = new ArrayList<>(List.of(
                "# Written by gantry admin deploy from its inventory; the next deploy run rewrites it.",
                "ClusterName=" + slurm.clusterName(),
                // slurmctld runs only where its host name is the one named here
                "SlurmctldHost=" + controllerHost + "(" + controller.address() + ")",
                "SlurmctldPort=" + slurm.slurmctldPort(),
                "SlurmdPort=" + slurm.slurmdPort(),
                "SlurmUser=root",
                "AuthType=auth/munge",
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core_Memory",
                "ReturnToService=2",
                "StateSaveLocation=" + dir + "/state",
                "SlurmdSpoolDir=" + dir + "/spool/%n",
                "SlurmctldPidFile=" + dir + "/slurmctld.pid",
                "SlurmdPidFile=" + dir + "/slurmd-%n.pid",
                "SlurmctldLogFile=" + dir + "/log/slurmctld.log",
                "SlurmdLogFile=" + dir + "/log/slurmd-%n.log",
                "SchedulerParameters=sched_interval=1",
                "MinJobAge=300"));
        nodes.forEach(node -> lines.add(nodeLines.get(node.name())));
        Map<String, List<String>> partitions = new LinkedHashMap<>();
        nodes.forEach(node -> partitions.computeIfAbsent(node.vc().orElseThrow(), vc -> new ArrayList<>())
                .add(node.name()));
        boolean first = true;
        for (Map.Entry<String, List<String>> partition : partitions.entrySet()) {
            lines.add("PartitionName=" + partition.getKey() + " Nodes=" + String.join(",", partition.getValue())
                    + (first ? " Default=YES" : "") + " State=UP MaxTime=INFINITE");
            first = false;
        }
        return String.join("\n", lines) + "\n";
    }

    private boolean running(MinaSshClients ssh, Inventory.Machine machine, String pidFile) {
        try {
            return deploy.shell(ssh, machine).run(alive(pidFile)).exitCode() == 0;
        } catch (ExecutorException e) {
            return false;
        }
    }

    private String alive(String pidFile) {
        String file = Bash.quote(slurm.dir() + "/" + pidFile);
        return "kill -0 \"$(cat " + file + " 2>/dev/null)\" 2>/dev/null";
    }

    private boolean run(MinaSshClients ssh, Inventory.Machine machine, String step, String command) {
        try {
            return deploy.run(deploy.shell(ssh, machine), machine, step, command);
        } catch (ExecutorException e) {
            deploy.fail(machine, step, command, e.getMessage());
            return false;
        }
    }

    /**
     * Waits until Slurm takes jobs on every node ({@code sinfo}: idle, mixed or allocated); a node
     * Slurm set down or drained is resumed once; one still not up after a minute fails with Slurm's reason.
     */
    private boolean awaitNodes(MinaSshClients ssh, Inventory.Machine controller, List<Inventory.Machine> nodes,
                               String env) {
        String sinfo = env + "sinfo -N -h -o '%N %t'";
        List<String> resumed = new ArrayList<>();
        Map<String, String> states = new LinkedHashMap<>();
        try {
            RemoteShell shell = deploy.shell(ssh, controller);
            for (int second = 0; second < AWAIT_SECONDS; second++) {
                states.clear();
                shell.run(sinfo).stdout().lines().map(l -> l.strip().split("\\s+")).filter(f -> f.length == 2)
                        .forEach(f -> states.put(f[0], f[1]));
                boolean allUp = true;
                for (Inventory.Machine node : nodes) {
                    String state = states.getOrDefault(node.name(), "unknown");
                    if (!state.matches("(idle|mix|alloc|comp)")) {
                        allUp = false;
                        if (state.matches("(down|drain|drng|fail).*") && !resumed.contains(node.name())) {
                            resumed.add(node.name());
                            deploy.change(node, "resume Slurm node " + node.name() + " (it was " + state + ")");
                            shell.run(env + "scontrol update NodeName=" + node.name() + " State=RESUME");
                        }
                    }
                }
                if (allUp) {
                    nodes.forEach(node -> deploy.say(node, "= Slurm node " + node.name() + " "
                            + states.get(node.name())));
                    return true;
                }
                Thread.sleep(1000);
            }
            String reasons = shell.run(env + "sinfo -R -h -o '%n: %E'").stdout().strip();
            for (Inventory.Machine node : nodes) {
                String state = states.getOrDefault(node.name(), "unknown");
                if (!state.matches("(idle|mix|alloc|comp)")) {
                    deploy.fail(node, "slurm node", sinfo, "node " + node.name() + " is " + state + " after "
                            + AWAIT_SECONDS + " s" + (reasons.isEmpty() ? "" : " (" + reasons + ")")
                            + "; see " + slurm.dir() + "/log on it and on " + controller.name());
                }
            }
            return false;
        } catch (ExecutorException e) {
            deploy.fail(controller, "slurm node", sinfo, e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deploy.fail(controller, "slurm node", sinfo, "interrupted");
            return false;
        }
    }

    /** A virtual cluster per partition, run by Gantry's slurm executor on the controller (Gantry's host). */
    private void virtualClusters(Inventory.Machine controller, List<Inventory.Machine> nodes) {
        nodes.stream().map(node -> node.vc().orElseThrow()).distinct().forEach(vc -> {
            String path = "/api/v2/virtual-clusters/" + vc;
            try {
                Optional<JsonNode> current = deploy.api().get(path);
                if (current.isPresent() && current.get().path("executor").asText().equals("slurm")
                        && current.get().path("target").asText().equals(vc)) {
                    deploy.say(controller, "= virtual cluster " + vc + " on Slurm partition " + vc);
                    return;
                }
                deploy.change(controller, (current.isPresent() ? "change" : "register") + " virtual cluster " + vc
                        + " on Slurm partition " + vc);
                if (!deploy.dryRun()) {
                    deploy.api().put(path, Map.of("executor", "slurm", "target", vc, "description",
                            "Slurm partition " + vc + ", registered by gantry admin deploy"));
                }
            } catch (IOException | RuntimeException e) {
                deploy.fail(controller, "virtual cluster", "PUT " + path, e.getMessage());
            }
        });
    }
}
