package org.gantry.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.ssh.MinaSshClients;

/**
 * Turns an {@link Inventory} into a Gantry cluster, step by step, each step checked before it
 * acts: a machine already as the inventory wants it is left alone, so a second run reports
 * "no changes" and a run after a failure resumes where the failed step stopped. Prints its
 * progress per machine as it goes ({@code [name] …}). See docs/deploy.md.
 */
public final class Deployer {

    /** A clock further off than this is reported: task times and tokens compare clocks. */
    static final Duration SKEW_WARNING = Duration.ofSeconds(5);
    /** Virtual clusters and storages registered here are for the members of this group. */
    static final String GROUP = "default";

    /** What a run did: how many steps changed something, and the steps that failed. */
    public record Result(int changes, List<DeployFailure> failures) {

        public boolean ok() {
            return failures.isEmpty();
        }
    }

    private final Inventory inventory;
    private final DeployApi api;
    private final PrintWriter out;
    private final Clock clock;
    private final Duration connectTimeout;
    private final List<DeployFailure> failures = new ArrayList<>();
    private final Map<String, MachineFacts> facts = new LinkedHashMap<>();
    private int changes;
    private boolean dryRun;
    private Optional<Path> jar = Optional.empty();
    private Duration startTimeout = Duration.ofMinutes(5);
    /** In a dry run: Gantry would be installed, so the other machines' steps are planned, not failed. */
    private boolean installPlanned;

    public Deployer(Inventory inventory, DeployApi api, PrintWriter out, Clock clock, Duration connectTimeout) {
        this.inventory = inventory;
        this.api = api;
        this.out = out;
        this.clock = clock;
        this.connectTimeout = connectTimeout;
    }

    /**
     * Lets the deploy install Gantry on the system machine when it does not answer there, or update
     * it: {@code jar} is the server jar copied there, {@code startTimeout} how long it may take to answer.
     */
    public Deployer installing(Optional<Path> jar, Duration startTimeout) {
        this.jar = jar;
        this.startTimeout = startTimeout;
        return this;
    }

    /**
     * Checks every machine, then registers what is missing. With {@code only}, just that machine
     * joins (and is taken back if it was draining); the system machine is checked too.
     */
    public Result deploy(boolean dryRun, Optional<String> only) throws IOException {
        this.dryRun = dryRun;
        List<Inventory.Machine> machines = inventory.machines().stream()
                .filter(m -> only.isEmpty() || m.name().equals(only.get()) || m.has(Inventory.Role.SYSTEM)).toList();
        try (MinaSshClients ssh = new MinaSshClients(inventory.knownHosts(), connectTimeout, Duration.ofMinutes(2))) {
            for (Inventory.Machine machine : machines) {
                probe(ssh, machine);
            }
            Inventory.Machine system = inventory.system();
            boolean systemReady = facts.containsKey(system.name()) && gantry(ssh, system);
            for (Inventory.Machine machine : machines) {
                if (!facts.containsKey(machine.name())) {
                    continue;
                }
                if (!systemReady) {
                    if (installPlanned) {
                        say(machine, "would be registered once Gantry runs on " + system.name());
                    } else if (!machine.has(Inventory.Role.SYSTEM)) {
                        fail(machine, "register", "", "skipped: the system machine " + system.name() + " is not ready");
                    }
                    continue;
                }
                if (machine.has(Inventory.Role.STORAGE)) {
                    storage(ssh, machine);
                }
                if (machine.has(Inventory.Role.COMPUTE) && !machine.slurm()) {
                    compute(ssh, system, machine, only.isPresent());
                }
            }
            List<Inventory.Machine> slurmNodes = inventory.slurmNodes();
            boolean slurmAsked = machines.stream().anyMatch(m -> m.has(Inventory.Role.COMPUTE) && m.slurm());
            if (slurmAsked && systemReady) {
                // every Slurm node's line is in slurm.conf, so all of them are joined, also for --add
                new SlurmSetup(this, inventory.slurm()).join(ssh, system, slurmNodes);
            }
        }
        finish();
        return new Result(changes, List.copyOf(failures));
    }

    /**
     * Drains the compute machine {@code name} (no new tasks), waits up to {@code drainTimeout}
     * for its running tasks to end, or stops their jobs when {@code stop}, then deregisters it.
     */
    public Result remove(String name, Duration drainTimeout, boolean stop) throws IOException, InterruptedException {
        Inventory.Machine machine = inventory.machine(name).orElseThrow(() -> new IllegalArgumentException(
                "No machine " + name + " in " + inventory.file()));
        if (machine.slurm()) {
            fail(machine, "remove", "", "removing a Slurm node is not built yet: drain it in Slurm (scontrol update"
                    + " NodeName=" + name + " State=DRAIN Reason=leaving), wait for its jobs, then take it out of"
                    + " the inventory and run the deploy: it rewrites slurm.conf and restarts the daemons");
            finish();
            return new Result(0, List.copyOf(failures));
        }
        String path = "/api/v2/ssh-hosts/" + name;
        try {
            Optional<JsonNode> current = api.get(path);
            if (current.isEmpty()) {
                say(machine, "= not registered");
                finish();
                return new Result(0, List.of());
            }
            if (!current.get().path("draining").asBoolean()) {
                change(machine, "drain SSH host " + name + ": no new tasks");
                api.put(path + "/draining", Map.of("draining", true));
            }
            Instant end = clock.instant().plus(drainTimeout);
            JsonNode running = api.get(path).orElseThrow().path("running");
            if (stop) {
                for (JsonNode task : running) {
                    String job = task.path("user").asText() + "~" + task.path("job").asText();
                    say(machine, "stopping job " + job);
                    api.put("/api/v2/jobs/" + job + "/executionType", Map.of("value", "STOP"));
                }
            }
            while (!running.isEmpty() && clock.instant().isBefore(end)) {
                say(machine, "waiting for " + running.size() + (running.size() == 1 ? " task" : " tasks") + " to end");
                Thread.sleep(2000);
                running = api.get(path).orElseThrow().path("running");
            }
            if (!running.isEmpty()) {
                fail(machine, "drain", "", running.size() + " tasks still run after " + drainTimeout.toSeconds()
                        + " s; the host stays draining: wait longer (--drain-timeout) or stop them (--stop)");
            } else {
                change(machine, "deregister SSH host " + name);
                api.delete(path);
            }
        } catch (IOException | RuntimeException e) {
            fail(machine, "remove", "DELETE " + path, e.getMessage());
        }
        finish();
        return new Result(changes, List.copyOf(failures));
    }

    private void probe(MinaSshClients ssh, Inventory.Machine machine) {
        String dir = machine.storageDir().orElse(machine.has(Inventory.Role.SYSTEM) ? inventory.gantry().dir() : "$HOME");
        String command = MachineFacts.probe(dir.startsWith("$") ? dir : Bash.quote(dir));
        try {
            RemoteShell shell = shell(ssh, machine);
            // connected first, so that the clock's reading is not skewed by the key exchange
            shell.run("true");
            Instant sent = clock.instant();
            RemoteShell.ShellResult result = shell.run(command);
            Instant received = clock.instant();
            if (result.exitCode() != 0) {
                fail(machine, "check", "probe", result.message());
                return;
            }
            MachineFacts found = MachineFacts.parse(result.stdout(), sent, received);
            say(machine, "reachable: " + found.summary());
            if (!found.bash()) {
                fail(machine, "check", "command -v bash", "bash is missing: install it (apt-get install bash)");
                return;
            }
            if (!found.python3() && machine.has(Inventory.Role.COMPUTE)) {
                fail(machine, "check", "command -v python3", "python3 is missing: tasks' pip steps need it"
                        + " (apt-get install python3)");
                return;
            }
            if (found.clockSkew().abs().compareTo(SKEW_WARNING) > 0) {
                say(machine, "warning: its clock is " + found.clockSkew().toSeconds() + " s off this one's; run NTP"
                        + " (chrony or systemd-timesyncd) on every machine");
            }
            facts.put(machine.name(), found);
        } catch (ExecutorException e) {
            fail(machine, "check", "ssh " + machine.endpoint(), e.getMessage() + " (is the machine up and its sshd"
                    + " running? Once it is, run the deploy again: it resumes here)");
        }
    }

    /**
     * Gantry must answer on the system machine: the rest is registered through it. When it does
     * not and a server jar is known, it is installed and started there; when the deploy installed
     * it before, a changed jar or setting restarts it.
     */
    private boolean gantry(MinaSshClients ssh, Inventory.Machine system) {
        String health = "GET " + inventory.gantry().url() + "/actuator/health";
        Optional<String> status = health();
        boolean answers = status.filter("UP"::equals).isPresent();
        GantryInstall install = new GantryInstall(inventory.gantry(), system.user(), facts.get(system.name()).docker())
                .withSlurmConf(Optional.of(inventory.slurm().conf()).filter(conf -> !inventory.slurmNodes().isEmpty()
                        && !conf.equals(Inventory.Slurm.DEFAULT_CONF)));
        RemoteShell shell = shell(ssh, system);
        boolean installed;
        try {
            installed = shell.run("test -f " + Bash.quote(install.envFile())).exitCode() == 0;
        } catch (ExecutorException e) {
            fail(system, "gantry", "test -f " + install.envFile(), e.getMessage());
            return false;
        }
        if (answers && (!installed || jar.isEmpty())) {
            say(system, "= Gantry answers at " + inventory.gantry().url()
                    + (installed ? "" : " (not installed by the deploy: left as it is)"));
            return signIn(system);
        }
        if (jar.isEmpty()) {
            fail(system, "gantry", health, status.map(s -> "Gantry is " + s).orElse("Gantry does not answer")
                    + ", and there is no server jar to install: run the deploy as `java -jar gantry.jar admin deploy`"
                    + " or pass --jar gantry.jar (or start Gantry on " + system.name() + " yourself: docs/deploy.md)");
            return false;
        }
        try {
            if (!answers) {
                say(system, "Gantry does not answer at " + inventory.gantry().url() + ": installing it in "
                        + install.dir() + " (" + install.databaseSummary() + ")");
                if (!java(shell, system)) {
                    return false;
                }
            }
            boolean systemd = facts.get(system.name()).systemd();
            boolean changed = installJar(shell, system, install);
            changed |= installFile(shell, system, install.envFile(), env(install), 0600, "settings " + install.envFile()
                    + " (port " + inventory.gantry().port() + ", data " + install.dir() + "/data)");
            if (install.database() == GantryInstall.DatabaseKind.DOCKER && !dockerDatabase(shell, system, install)) {
                return false;
            }
            if (systemd) {
                if (installFile(shell, system, install.unitFile(), install.systemdUnit(), 0644, "systemd unit "
                        + GantryInstall.UNIT)) {
                    changed = true;
                    if (!dryRun && !run(shell, system, "service", install.installUnitCommand())) {
                        return false;
                    }
                }
            } else {
                changed |= installFile(shell, system, install.runScript(), install.runScriptText(), 0700,
                        "supervisor script " + install.runScript());
                changed |= installFile(shell, system, install.startScript(), install.startScriptText(), 0700,
                        "start script " + install.startScript());
                changed |= installFile(shell, system, install.stopScript(), install.stopScriptText(), 0700,
                        "stop script " + install.stopScript());
            }
            if (answers && !changed) {
                say(system, "= Gantry answers at " + inventory.gantry().url() + ", same jar and settings");
                return signIn(system);
            }
            // a Gantry that runs but does not answer yet (still starting, failing) takes a changed jar or setting too
            String start = install.startCommand(systemd, changed);
            change(system, (answers ? "restarted Gantry (new jar or settings): " : "start Gantry: ") + start);
            if (dryRun) {
                installPlanned = !answers;
                return answers && signIn(system);
            }
            if (!run(shell, system, "start", start) || !awaitHealth(shell, system, install, start)) {
                return false;
            }
            return signIn(system);
        } catch (ExecutorException e) {
            fail(system, "install", "ssh " + system.endpoint(), e.getMessage());
            return false;
        } catch (IOException | IllegalArgumentException e) {
            fail(system, "install", "", e.getMessage());
            return false;
        }
    }

    /** Gantry's health status, empty when it does not answer. */
    private Optional<String> health() {
        try {
            return api.get("/actuator/health").map(h -> h.path("status").asText("unknown"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Java 17 or later must run on the system machine. */
    private boolean java(RemoteShell shell, Inventory.Machine system) throws ExecutorException {
        String command = inventory.gantry().java() + " -version 2>&1";
        RemoteShell.ShellResult result = shell.run(command);
        java.util.regex.Matcher version = java.util.regex.Pattern.compile("version \"(1\\.)?(\\d+)")
                .matcher(result.stdout());
        if (result.exitCode() != 0 || !version.find()) {
            fail(system, "java", command, (result.message().isEmpty() ? "no java" : result.message())
                    + ": install Java 17 or later (apt-get install openjdk-17-jre-headless) or name it in"
                    + " gantry.java");
            return false;
        }
        if (Integer.parseInt(version.group(2)) < 17) {
            fail(system, "java", command, "Java " + version.group(2) + " is too old: Gantry needs 17 or later");
            return false;
        }
        say(system, "= java " + version.group(2));
        return true;
    }

    /** Copies the server jar when the one there differs (by SHA-256); true when it did. */
    private boolean installJar(RemoteShell shell, Inventory.Machine system, GantryInstall install) throws IOException, ExecutorException {
        Path local = jar.orElseThrow();
        String sha = GantryInstall.sha256(local);
        String remote = install.jar();
        RemoteShell.ShellResult found = shell.run("sha256sum " + Bash.quote(remote) + " 2>/dev/null | cut -d' ' -f1");
        if (found.stdout().strip().equals(sha)) {
            say(system, "= " + remote + " (sha256 " + sha.substring(0, 12) + ")");
            return false;
        }
        change(system, "copy " + local.getFileName() + " (" + Files.size(local) / (1024 * 1024) + " MiB, sha256 "
                + sha.substring(0, 12) + ") to " + system.name() + ":" + remote);
        if (!dryRun) {
            String dirs = "mkdir -p " + Bash.quote(install.dir() + "/data") + " " + Bash.quote(install.dir() + "/tmp");
            if (!run(shell, system, "jar", dirs)) {
                throw new IOException("cannot create " + install.dir());
            }
            shell.copyFile(local, remote + ".part", 0644);
            if (!run(shell, system, "jar", "mv -f " + Bash.quote(remote + ".part") + " " + Bash.quote(remote))) {
                throw new IOException("cannot move the jar into place");
            }
        }
        return true;
    }

    /** Writes {@code content} to {@code path} when what is there differs; true when it did. */
    private boolean installFile(RemoteShell shell, Inventory.Machine system, String path, String content, int mode,
                                String what) throws ExecutorException {
        String there = new String(shell.readFile(path, 0, 1 << 20).data(), java.nio.charset.StandardCharsets.UTF_8);
        if (there.equals(content)) {
            say(system, "= " + what);
            return false;
        }
        change(system, (there.isEmpty() ? "write " : "update ") + what);
        if (!dryRun) {
            shell.writeFile(path, content, mode);
        }
        return true;
    }

    /** The environment file's text, with the passwords read from the inventory's files. */
    private String env(GantryInstall install) throws IOException {
        String admin = inventory.gantry().adminPasswordFile().isPresent()
                ? Files.readString(inventory.gantry().adminPasswordFile().get()).strip() : "";
        String database = inventory.gantry().database().isPresent()
                ? Files.readString(inventory.gantry().database().get().passwordFile()).strip() : "";
        return install.env(admin, database);
    }

    /** PostgreSQL from the repository's docker-compose.yml, its db service only (plan: docs/deploy.md). */
    private boolean dockerDatabase(RemoteShell shell, Inventory.Machine system, GantryInstall install) throws ExecutorException {
        installFile(shell, system, install.dir() + "/docker-compose.yml", GantryInstall.composeFile(), 0644,
                "docker-compose.yml");
        installFile(shell, system, install.dir() + "/docker-compose.db-port.yml", GantryInstall.dockerPortOverride(),
                0644, "docker-compose.db-port.yml");
        String running = "cd " + Bash.quote(install.dir()) + " && docker compose -f docker-compose.yml -f"
                + " docker-compose.db-port.yml ps --status running -q db | grep -q .";
        if (shell.run(running).exitCode() == 0) {
            say(system, "= PostgreSQL runs (docker compose, service db)");
            return true;
        }
        change(system, "start PostgreSQL: docker compose up -d db");
        if (dryRun) {
            return true;
        }
        for (String command : install.dockerDatabaseCommands()) {
            if (!run(shell, system, "postgresql", command)) {
                return false;
            }
        }
        return true;
    }

    /** Waits for Gantry to answer, a progress line every 10 s; the end of its log when it does not. */
    private boolean awaitHealth(RemoteShell shell, Inventory.Machine system, GantryInstall install, String start) throws ExecutorException {
        Instant begin = clock.instant();
        Instant end = begin.plus(startTimeout);
        Instant report = begin.plus(Duration.ofSeconds(10));
        while (clock.instant().isBefore(end)) {
            if (health().filter("UP"::equals).isPresent()) {
                say(system, "Gantry answers at " + inventory.gantry().url() + " after "
                        + Duration.between(begin, clock.instant()).toSeconds() + " s");
                return true;
            }
            if (!clock.instant().isBefore(report)) {
                say(system, "waiting for Gantry to answer at " + inventory.gantry().url() + ": "
                        + Duration.between(begin, clock.instant()).toSeconds() + " s");
                report = report.plus(Duration.ofSeconds(10));
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        String tail = shell.run("tail -n 40 " + Bash.quote(install.log())).stdout().strip();
        fail(system, "start", start, "Gantry did not answer within " + startTimeout.toSeconds() + " s; the end of "
                + install.log() + ":\n" + tail);
        return false;
    }

    /** Runs {@code command} on the machine; a failure names the step, the command and its stderr. */
    boolean run(RemoteShell shell, Inventory.Machine machine, String step, String command) throws ExecutorException {
        RemoteShell.ShellResult result = shell.run(command);
        if (result.exitCode() != 0) {
            fail(machine, step, command, result.message());
            return false;
        }
        return true;
    }

    /** Signs in as the inventory's administrator when no token was given. */
    private boolean signIn(Inventory.Machine system) {
        if (api.signedIn()) {
            return true;
        }
        String login = "POST " + inventory.gantry().url() + "/api/v2/authn/basic/login";
        if (inventory.gantry().adminPasswordFile().isEmpty()) {
            fail(system, "sign-in", "", "no administrator's token: pass --token-file, run `gantry login --server "
                    + inventory.gantry().url() + "`, or name gantry.admin_password_file in the inventory");
            return false;
        }
        try {
            api.signIn(inventory.gantry().admin(), Files.readString(inventory.gantry().adminPasswordFile().get())
                    .strip());
            say(system, "= signed in as " + inventory.gantry().admin());
            return true;
        } catch (IOException | RuntimeException e) {
            fail(system, "sign-in", login, e.getMessage());
            return false;
        }
    }

    private void storage(MinaSshClients ssh, Inventory.Machine machine) {
        String dir = machine.storageDir().orElseThrow();
        String check = "test -d " + Bash.quote(dir) + " && test -w " + Bash.quote(dir);
        String make = "mkdir -p " + Bash.quote(dir);
        if (!remoteStep(ssh, machine, "storage-dir", check, make, "create " + dir)) {
            return;
        }
        List<String> mountedOn = inventory.machines().stream().filter(m -> m.has(Inventory.Role.COMPUTE))
                .map(m -> "ssh:" + m.name()).sorted().toList();
        String rootUri = "sftp://" + machine.user() + "@" + machine.address() + ":" + machine.port() + dir;
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", machine.name());
        body.put("kind", "sftp");
        body.put("rootUri", rootUri);
        body.put("mountPath", dir);
        body.put("groups", List.of(GROUP));
        body.put("mountedOn", mountedOn);
        body.put("description", "Storage directory " + dir + " on " + machine.name() + ", at the same path on the"
                + " compute machines");
        String path = "/api/v2/storages/" + machine.name();
        try {
            Optional<JsonNode> current = api.get(path);
            boolean same = current.isPresent() && current.get().path("kind").asText().equals("sftp")
                    && current.get().path("data").path("rootUri").asText().equals(rootUri)
                    && current.get().path("mountPath").asText().equals(dir)
                    && strings(current.get().path("mountedOn")).equals(new TreeSet<>(mountedOn))
                    && strings(current.get().path("groups")).contains(GROUP);
            if (same) {
                say(machine, "= storage " + machine.name() + " (" + rootUri + ")");
                return;
            }
            change(machine, (current.isPresent() ? "change" : "register") + " storage " + machine.name() + " ("
                    + rootUri + ", on " + String.join(", ", mountedOn) + ")");
            if (!dryRun) {
                if (current.isPresent()) {
                    api.put(path, body);
                } else {
                    api.post("/api/v2/storages", body);
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(machine, "storage", "PUT " + path, e.getMessage());
        }
    }

    private void compute(MinaSshClients ssh, Inventory.Machine system, Inventory.Machine machine, boolean joining) {
        MachineFacts found = facts.get(machine.name());
        String keyPath = inventory.gantry().dir() + "/keys/" + machine.name();
        if (!key(ssh, system, machine, keyPath)) {
            return;
        }
        Optional<String> hostKey = pinnedKey(machine);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("host", machine.address());
        body.put("port", machine.port());
        body.put("username", machine.user());
        body.put("keyPath", keyPath);
        body.put("cpu", found.cpu());
        body.put("memoryMb", found.memoryMb());
        body.put("gpu", found.gpu());
        body.put("hostKey", hostKey.orElse(""));
        body.put("virtualCluster", machine.vc().orElseThrow());
        body.put("description", "Registered by gantry admin deploy from " + inventory.file().getFileName());
        String path = "/api/v2/ssh-hosts/" + machine.name();
        try {
            Optional<JsonNode> current = api.get(path);
            boolean same = current.isPresent() && current.get().path("host").asText().equals(machine.address())
                    && current.get().path("port").asInt() == machine.port()
                    && current.get().path("username").asText().equals(machine.user())
                    && current.get().path("keyPath").asText().equals(keyPath)
                    && current.get().path("cpu").asInt() == found.cpu()
                    && current.get().path("memoryMb").asInt() == found.memoryMb()
                    && current.get().path("gpu").asInt() == found.gpu()
                    && current.get().path("hostKey").asText().equals(hostKey.orElse(""))
                    && strings(current.get().path("virtualClusters")).contains(machine.vc().orElseThrow());
            if (same) {
                say(machine, "= SSH host " + machine.name() + " in virtual cluster " + machine.vc().orElseThrow());
            } else {
                change(machine, (current.isPresent() ? "change" : "register") + " SSH host " + machine.name() + " ("
                        + found.cpu() + " cpu, " + found.memoryMb() + " MiB, " + found.gpu() + " gpu, host key "
                        + hostKey.map(k -> k.split(" ")[0]).orElse("unknown") + ") in virtual cluster "
                        + machine.vc().orElseThrow());
                if (!dryRun) {
                    api.put(path, body);
                }
            }
            if (joining && current.isPresent() && current.get().path("draining").asBoolean()) {
                change(machine, "take SSH host " + machine.name() + " back (it was draining)");
                if (!dryRun) {
                    api.put(path + "/draining", Map.of("draining", false));
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(machine, "ssh-host", "PUT " + path, e.getMessage());
        }
    }

    boolean dryRun() {
        return dryRun;
    }

    DeployApi api() {
        return api;
    }

    /** The key Gantry logs in to {@code machine} with, copied to the system machine. */
    private boolean key(MinaSshClients ssh, Inventory.Machine system, Inventory.Machine machine, String keyPath) {
        String content;
        try {
            content = Files.readString(machine.key());
        } catch (IOException e) {
            fail(machine, "key", "", "cannot read " + machine.key() + ": " + e.getMessage());
            return false;
        }
        String check = "printf '%s' \"$(sha256sum < " + Bash.quote(keyPath) + " 2>/dev/null | cut -d' ' -f1)\""
                + " | grep -qx " + sha256(content);
        RemoteShell shell = shell(ssh, system);
        String dir = keyPath.substring(0, keyPath.lastIndexOf('/'));
        try {
            if (shell.run(check).exitCode() == 0) {
                say(machine, "= its key is on " + system.name() + " at " + keyPath);
                return true;
            }
            change(machine, "copy its key to " + system.name() + ":" + keyPath);
            if (dryRun) {
                return true;
            }
            RemoteShell.ShellResult made = shell.run("mkdir -p " + Bash.quote(dir) + " && chmod 700 " + Bash.quote(dir));
            if (made.exitCode() != 0) {
                fail(system, "key", "mkdir -p " + dir, made.message());
                return false;
            }
            shell.writeFile(keyPath, content, 0600);
            return true;
        } catch (ExecutorException e) {
            fail(system, "key", "copy " + keyPath, e.getMessage());
            return false;
        }
    }

    /** A step that runs {@code check} on the machine and, when it fails, {@code act}. */
    boolean remoteStep(MinaSshClients ssh, Inventory.Machine machine, String step, String check, String act,
                               String what) {
        try {
            RemoteShell shell = shell(ssh, machine);
            if (shell.run(check).exitCode() == 0) {
                say(machine, "= " + step + " (" + check + ")");
                return true;
            }
            change(machine, what);
            if (dryRun) {
                return true;
            }
            RemoteShell.ShellResult result = shell.run(act);
            if (result.exitCode() != 0) {
                fail(machine, step, act, result.message());
                return false;
            }
            return true;
        } catch (ExecutorException e) {
            fail(machine, step, act, e.getMessage());
            return false;
        }
    }

    /** The machine's host key as pinned in the deploy's known_hosts when it was first reached. */
    private Optional<String> pinnedKey(Inventory.Machine machine) {
        String pattern = machine.port() == 22 ? machine.address() : "[" + machine.address() + "]:" + machine.port();
        try {
            return Files.readAllLines(inventory.knownHosts()).stream().map(line -> line.split("\\s+"))
                    .filter(fields -> fields.length >= 3 && List.of(fields[0].split(",")).contains(pattern))
                    .map(fields -> fields[1] + " " + fields[2]).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    RemoteShell shell(MinaSshClients ssh, Inventory.Machine machine) {
        return ssh.shell(new SshTarget(machine.name(), machine.address(), machine.port(), machine.user(),
                machine.key(), ".gantry"));
    }

    private void finish() {
        if (!failures.isEmpty()) {
            out.println();
            out.println(failures.size() + (failures.size() == 1 ? " step" : " steps") + " failed; fix "
                    + (failures.size() == 1 ? "it" : "them") + " and run the deploy again, it resumes there:");
            failures.forEach(failure -> out.println("  " + failure));
        } else if (changes == 0) {
            out.println("no changes");
        } else {
            out.println(dryRun ? changes + " changes planned (dry run: nothing was changed)"
                    : changes + (changes == 1 ? " change" : " changes") + " applied");
        }
    }

    void change(Inventory.Machine machine, String what) {
        changes++;
        say(machine, (dryRun ? "would " : "+ ") + what);
    }

    void fail(Inventory.Machine machine, String step, String command, String error) {
        DeployFailure failure = new DeployFailure(machine.name(), step, command, error);
        failures.add(failure);
        say(machine, "FAILED " + step + ": " + error);
    }

    void say(Inventory.Machine machine, String line) {
        out.println("[" + machine.name() + "] " + line);
        out.flush();
    }

    private static TreeSet<String> strings(JsonNode array) {
        TreeSet<String> values = new TreeSet<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
