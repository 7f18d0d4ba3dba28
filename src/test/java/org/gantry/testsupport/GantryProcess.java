package org.gantry.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gantry started as a separate JVM on this test's classpath, with its own data directory and
 * the runtime on: what a user runs, so that it can be killed with SIGKILL and started again.
 */
public final class GantryProcess implements AutoCloseable {

    /** Tests start many short-lived Gantry processes: C1 alone starts them sooner (decision 0099). */
    private static final List<String> TEST_JVM_OPTIONS = List.of("-Xmx768m", "-XX:TieredStopAtLevel=1");

    private static final Pattern PG_PORT = Pattern.compile("Embedded PostgreSQL on port (\\d+)");

    private final Process process;
    private final int port;
    private final Path log;

    private GantryProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** A new, empty log file at {@code target/<name>/gantry.log}, kept after the test to read what Gantry did. */
    public static Path freshLog(String name) throws IOException {
        Path log = Path.of("target", name, "gantry.log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        Files.deleteIfExists(log);
        return log;
    }

    /**
     * Starts Gantry and waits until it answers.
     *
     * @param properties more Spring properties ({@code gantry.runtime.slurm.conf} …)
     */
    public static GantryProcess start(Path dataDir, Path log, Map<String, String> properties) throws Exception {
        return start(dataDir, log, properties, TEST_JVM_OPTIONS);
    }

    /**
     * Starts Gantry with the given JVM options and waits until it answers (4 minutes, or the
     * system property {@code gantry.test.start-minutes} for a bench on a loaded machine); benchmarks pass
     * none, so that Gantry runs with the JIT users get from {@code java -jar gantry.jar}.
     */
    public static GantryProcess start(Path dataDir, Path log, Map<String, String> properties, List<String> jvmOptions)
            throws Exception {
        return start(dataDir, log, properties, jvmOptions, Launch.classPath());
    }

    /** Starts Gantry as {@code launch} says, with the given JVM options, and waits until it answers. */
    public static GantryProcess start(Path dataDir, Path log, Map<String, String> properties, List<String> jvmOptions,
            Launch launch) throws Exception {
        GantryProcess gantry = spawn(dataDir, log, properties, jvmOptions, launch);
        try {
            gantry.awaitReady(Duration.ofMinutes(Long.getLong("gantry.test.start-minutes", 4)));
        } catch (Exception | AssertionError e) {
            // a Gantry that did not answer in time must not outlive the failure
            try {
                gantry.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return gantry;
    }

    /**
     * Starts Gantry without waiting for it to answer: for a Gantry told to halt at a runtime
     * transition, which it may reach while still starting.
     */
    public static GantryProcess spawn(Path dataDir, Path log, Map<String, String> properties) throws Exception {
        return spawn(dataDir, log, properties, TEST_JVM_OPTIONS, Launch.classPath());
    }

    private static GantryProcess spawn(Path dataDir, Path log, Map<String, String> properties, List<String> jvmOptions,
            Launch launch) throws Exception {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(jvmOptions);
        Map<String, String> all = new java.util.LinkedHashMap<>(Map.of(
                "gantry.data-dir", dataDir.toString(),
                "server.port", Integer.toString(port),
                "gantry.admin-password", RestClient.ADMIN_PASSWORD,
                "gantry.runtime.enabled", "true",
                "gantry.runtime.local.allow-same-user", "true",
                // test users have random names: accounts per user would pile up on the machine
                "gantry.runtime.local.task-accounts", "shared",
                "vaadin.launch-browser", "false"));
        all.putAll(properties);
        all.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(launch.arguments());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (launch.directory() != null) {
            builder.directory(launch.directory().toFile());
        }
        builder.environment().remove("GANTRY_DB_URL");
        return new GantryProcess(builder.start(), port, log);
    }

    /**
     * How Gantry's JVM is launched: its main class on this test's class path (development mode),
     * or the production jar as the README's command 1 runs it, in the directory its build ran in
     * (the class data archive records the class path as given, so it is named the same way).
     */
    public record Launch(Path directory, List<String> arguments) {

        public static Launch classPath() {
            return new Launch(null, List.of("-cp", classpath(), "org.gantry.GantryApplication"));
        }

        /** {@code java -XX:SharedArchiveFile=target/app/gantry.jsa -jar target/app/gantry.jar} in {@code buildDir}. */
        public static Launch productionJar(Path buildDir) {
            Path jar = buildDir.resolve("target/app/gantry.jar");
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("no " + jar
                        + ": build it with mvn -Pproduction -DskipTests package");
            }
            List<String> arguments = new ArrayList<>();
            if (Files.isRegularFile(buildDir.resolve("target/app/gantry.jsa"))) {
                arguments.add("-XX:SharedArchiveFile=target/app/gantry.jsa");
            }
            arguments.addAll(List.of("-jar", "target/app/gantry.jar"));
            return new Launch(buildDir.toAbsolutePath(), List.copyOf(arguments));
        }
    }

    /** The test JVM's classpath as Maven built it (failsafe's booter jar hides it in a property). */
    private static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady(Duration timeout) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Instant end = Instant.now().plus(timeout);
        while (Instant.now().isBefore(end)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Gantry exited with " + process.exitValue() + ":\n" + tail());
            }
            try {
                HttpResponse<String> info = http.send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/actuator/health/readiness")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (info.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("Gantry did not answer within " + timeout + ":\n" + tail());
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }

    /** SIGKILL, as a crash or an OOM killer would: nothing runs its shutdown hooks. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for Gantry to exit by itself (a fault hook halted it) and returns its exit code. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("Gantry still runs after " + timeout);
        }
        return process.exitValue();
    }

    /** A JDBC connection to this Gantry's embedded PostgreSQL, for setting up what no API sets. */
    public Connection database() throws IOException, SQLException {
        Matcher port = PG_PORT.matcher(Files.readString(log));
        String found = null;
        while (port.find()) {
            found = port.group(1);
        }
        if (found == null) {
            throw new IllegalStateException("no embedded PostgreSQL port in " + log);
        }
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + found + "/postgres", "postgres", "");
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
