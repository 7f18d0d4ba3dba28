package org.gantry.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.base.shell.Bash;

/**
 * What the deploy writes and runs on the system machine to install Gantry there: the jar, its
 * environment file, PostgreSQL, and a systemd unit or, without systemd, a supervised background
 * process with a pid file. The texts are built here, the steps that write and run them are the
 * {@link Deployer}'s. See docs/deploy.md and decision 0076.
 */
public final class GantryInstall {

    /** The systemd unit's name. */
    static final String UNIT = "gantry.service";
    /** Where docker compose publishes its PostgreSQL on the system machine (loopback only). */
    static final int DOCKER_DB_PORT = 5432;

    /** Where Gantry's PostgreSQL comes from. */
    enum DatabaseKind { EMBEDDED, SYSTEM, DOCKER }

    private final Inventory.Gantry gantry;
    private final String user;
    private final DatabaseKind database;
    private Optional<String> slurmConf = Optional.empty();

    /**
     * @param user the login the deploy uses on the system machine: Gantry runs as it
     * @param docker whether docker runs there (its compose PostgreSQL when no database is named)
     */
    GantryInstall(Inventory.Gantry gantry, String user, boolean docker) {
        this.gantry = gantry;
        this.user = user;
        this.database = gantry.database().isPresent() ? DatabaseKind.SYSTEM
                : docker ? DatabaseKind.DOCKER : DatabaseKind.EMBEDDED;
    }

    DatabaseKind database() {
        return database;
    }

    String dir() {
        return gantry.dir();
    }

    String jar() {
        return dir() + "/gantry.jar";
    }

    String envFile() {
        return dir() + "/gantry.env";
    }

    String pidFile() {
        return dir() + "/gantry.pid";
    }

    String log() {
        return dir() + "/gantry.log";
    }

    String runScript() {
        return dir() + "/gantry-run.sh";
    }

    String startScript() {
        return dir() + "/gantry-start.sh";
    }

    String stopScript() {
        return dir() + "/gantry-stop.sh";
    }

    /** Where the deploy keeps the unit before installing it as root into /etc/systemd/system. */
    String unitFile() {
        return dir() + "/" + UNIT;
    }

    /** One line for the plan: how PostgreSQL runs. */
    String databaseSummary() {
        return switch (database) {
            case SYSTEM -> "PostgreSQL at " + gantry.database().orElseThrow().url();
            case DOCKER -> "PostgreSQL from docker compose (" + dir() + "/docker-compose.yml, 127.0.0.1:"
                    + DOCKER_DB_PORT + ")";
            case EMBEDDED -> "embedded PostgreSQL under " + dir() + "/data/postgres";
        };
    }

    /**
     * {@code gantry.env}, mode 600: Gantry's settings as the environment variables
     * application.properties reads. {@code adminPassword} is only used on the first start (an
     * empty database); with docker compose the database password stays in compose's {@code .env}.
     */
    /** The installed Gantry hands this slurm.conf to Slurm's commands (the deploy wrote it somewhere else than the default). */
    GantryInstall withSlurmConf(Optional<String> conf) {
        this.slurmConf = conf;
        return this;
    }

    String env(String adminPassword, String databasePassword) {
        List<String> lines = new ArrayList<>(List.of(
                "# Written by gantry admin deploy; a change here is applied by the next deploy run (restart).",
                "GANTRY_PORT=" + gantry.port(),
                "GANTRY_DATA_DIR=" + envValue(dir() + "/data"),
                "JAVA_OPTS=" + envValue(("-Djava.io.tmpdir=" + dir() + "/tmp " + gantry.javaOptions()).strip())));
        if (!adminPassword.isEmpty()) {
            lines.add("GANTRY_ADMIN_PASSWORD=" + envValue(adminPassword));
        }
        slurmConf.ifPresent(conf -> lines.add("GANTRY_RUNTIME_SLURM_CONF=" + envValue(conf)));
        switch (database) {
            case SYSTEM -> {
                Inventory.Database db = gantry.database().orElseThrow();
                lines.add("GANTRY_DB_URL=" + envValue(db.url()));
                lines.add("GANTRY_DB_USER=" + envValue(db.user()));
                lines.add("GANTRY_DB_PASSWORD=" + envValue(databasePassword));
            }
            case DOCKER -> {
                lines.add("GANTRY_DB_URL=jdbc:postgresql://127.0.0.1:" + DOCKER_DB_PORT + "/gantry");
                lines.add("GANTRY_DB_USER=gantry");
            }
            case EMBEDDED -> {
            }
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * A value both bash ({@code . gantry.env}) and systemd's EnvironmentFile read the same: as it is
     * when plain, else in single quotes, which neither reads into.
     */
    static String envValue(String value) {
        if (value.matches("[A-Za-z0-9_./:@%+=,-]*")) {
            return value;
        }
        if (value.contains("'") || value.contains("\n") || value.contains("\\")) {
            // the value may be a password: never shown
            throw new IllegalArgumentException("a value in gantry.env (a password or a path) holds a single quote,"
                    + " a backslash or a line break: choose one without");
        }
        return "'" + value + "'";
    }

    /** The java command line, as the unit and the run script start it (JAVA_OPTS from the environment). */
    private String javaCommand(String options) {
        return gantry.java() + " " + options + " -jar " + jar();
    }

    /** The systemd unit: Gantry as the deploy's login, restarted when it fails. */
    String systemdUnit() {
        return String.join("\n",
                "# Written by gantry admin deploy (docs/deploy.md)",
                "[Unit]",
                "Description=Gantry research job platform",
                "After=network-online.target" + (database == DatabaseKind.DOCKER ? " docker.service" : ""),
                "Wants=network-online.target",
                "",
                "[Service]",
                "User=" + user,
                "WorkingDirectory=" + dir(),
                "EnvironmentFile=" + envFile(),
                // docker compose's database password, when compose runs PostgreSQL
                "EnvironmentFile=-" + dir() + "/.env",
                "ExecStart=" + javaCommand("$JAVA_OPTS"),
                "Restart=on-failure",
                "RestartSec=5",
                // SIGTERM is how systemd stops it: a graceful shutdown, not a failure
                "SuccessExitStatus=143",
                "TimeoutStopSec=90",
                "LimitNOFILE=65536",
                "StandardOutput=append:" + log(),
                "StandardError=inherit",
                "",
                "[Install]",
                "WantedBy=multi-user.target",
                "");
    }

    /** The supervisor without systemd: runs Gantry and starts it again 5 s after it exited, until stopped. */
    String runScriptText() {
        String quotedLog = Bash.quote(log());
        return String.join("\n",
                "#!/usr/bin/env bash",
                "# Written by gantry admin deploy: runs Gantry and starts it again when it exits (docs/deploy.md).",
                "cd " + Bash.quote(dir()) + " || exit 1",
                "set -a; . " + Bash.quote(envFile()) + "; [ -f .env ] && . ./.env; set +a",
                "child=",
                "trap 'stopping=1; [ -n \"$child\" ] && kill -TERM \"$child\" 2>/dev/null; wait \"$child\"; exit 0'"
                        + " TERM INT",
                "while :; do",
                "  " + javaCommand("$JAVA_OPTS") + " >> " + quotedLog + " 2>&1 &",
                "  child=$!",
                "  wait \"$child\"",
                "  code=$?",
                "  [ -n \"$stopping\" ] && exit 0",
                "  echo \"$(date -u +%FT%TZ) gantry-run.sh: Gantry exited with $code; starting it again in 5 s\" >> "
                        + quotedLog,
                "  sleep 5",
                "done",
                "");
    }

    /** Starts the supervisor in its own session unless it runs; its pid goes to {@link #pidFile()}. */
    String startScriptText() {
        String pid = Bash.quote(pidFile());
        return String.join("\n",
                "#!/usr/bin/env bash",
                "# Written by gantry admin deploy: starts Gantry in the background (docs/deploy.md).",
                "if [ -f " + pid + " ] && kill -0 \"$(cat " + pid + ")\" 2>/dev/null; then",
                "  echo \"Gantry runs (pid $(cat " + pid + "))\"; exit 0",
                "fi",
                "mkdir -p " + Bash.quote(dir() + "/tmp"),
                "setsid nohup " + Bash.quote(runScript()) + " < /dev/null > /dev/null 2>&1 &",
                "echo $! > " + pid,
                "echo \"Gantry started (pid $!), log: " + log() + "\"",
                "");
    }

    /** Stops the supervisor and Gantry (SIGTERM: a graceful shutdown), waiting up to 90 s. */
    String stopScriptText() {
        String pid = Bash.quote(pidFile());
        return String.join("\n",
                "#!/usr/bin/env bash",
                "# Written by gantry admin deploy: stops Gantry (docs/deploy.md).",
                "[ -f " + pid + " ] || { echo 'Gantry is not running'; exit 0; }",
                "p=$(cat " + pid + ")",
                "kill -TERM \"$p\" 2>/dev/null",
                "for _ in $(seq 1 90); do kill -0 \"$p\" 2>/dev/null || break; sleep 1; done",
                "if kill -0 \"$p\" 2>/dev/null; then echo \"Gantry (pid $p) did not stop within 90 s\" >&2; exit 1; fi",
                "rm -f " + pid,
                "echo 'Gantry stopped'",
                "");
    }

    /** Installs the unit kept in {@link #unitFile()} as root (sudo when the login is not root) and enables it. */
    String installUnitCommand() {
        String sudo = sudo();
        return sudo + "install -m 644 " + Bash.quote(unitFile()) + " /etc/systemd/system/" + UNIT + " && " + sudo
                + "systemctl daemon-reload && " + sudo + "systemctl enable " + UNIT;
    }

    /** Starts Gantry, or restarts it when {@code restart} (a new jar or settings). */
    String startCommand(boolean systemd, boolean restart) {
        if (systemd) {
            return sudo() + "systemctl " + (restart ? "restart " : "start ") + UNIT;
        }
        return (restart ? Bash.quote(stopScript()) + " && " : "") + Bash.quote(startScript());
    }

    private String sudo() {
        return "root".equals(user) ? "" : "sudo -n ";
    }

    /**
     * The commands that start docker compose's PostgreSQL from the repository's docker-compose.yml
     * (kept in {@code dir}): a generated password in compose's {@code .env} (kept on later runs), the
     * {@code db} service only, published on the loopback address for the jar.
     */
    List<String> dockerDatabaseCommands() {
        String quotedDir = Bash.quote(dir());
        return List.of(
                "cd " + quotedDir + " && { [ -f .env ] || (umask 077; printf 'GANTRY_DB_PASSWORD=%s\\n'"
                        + " \"$(head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9)\" > .env); }",
                "cd " + quotedDir + " && docker compose -f docker-compose.yml -f docker-compose.db-port.yml"
                        + " up -d --wait db");
    }

    /** Publishes compose's PostgreSQL on the system machine's loopback address, for the jar outside compose. */
    static String dockerPortOverride() {
        return String.join("\n",
                "# Written by gantry admin deploy: PostgreSQL for the Gantry jar on this machine (docs/deploy.md).",
                "services:",
                "  db:",
                "    ports:",
                "      - \"127.0.0.1:" + DOCKER_DB_PORT + ":5432\"",
                "");
    }

    /** The repository's docker-compose.yml, shipped in the jar. */
    static String composeFile() {
        try (InputStream in = GantryInstall.class.getResourceAsStream("docker-compose.yml")) {
            if (in == null) {
                throw new IllegalStateException("docker-compose.yml is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code jar} is Gantry's server jar (Spring Boot's layout), not the CLI-only jar. */
    public static boolean serverJar(Path jar) {
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            return zip.getEntry("BOOT-INF/classes/org/gantry/GantryApplication.class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The SHA-256 of a file, streamed. */
    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
