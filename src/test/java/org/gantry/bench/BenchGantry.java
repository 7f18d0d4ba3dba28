package org.gantry.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/** A Gantry process for a benchmark: its data dir under target/bench, marks where tasks can write. */
final class BenchGantry {

    final Path dataDir;
    final Path log;
    final Path marks;
    final Map<String, String> properties;

    BenchGantry(String name, Map<String, String> properties) throws Exception {
        Path root = Path.of("target", "bench", name + "-" + System.currentTimeMillis()).toAbsolutePath();
        this.dataDir = root.resolve("data");
        this.log = Files.createDirectories(root).resolve("gantry.log");
        // tasks run under an unprivileged account: their marks go where anyone may write
        this.marks = Files.createTempDirectory("gantry-bench-marks");
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        this.properties = properties;
    }

    /** Another Gantry on the same data dir and marks (a second instance), logging apart. */
    BenchGantry(String name, Map<String, String> properties, Path dataDir, Path marks) throws Exception {
        Path root = Path.of("target", "bench", name + "-" + System.currentTimeMillis()).toAbsolutePath();
        this.dataDir = dataDir;
        this.log = Files.createDirectories(root).resolve("gantry.log");
        this.marks = marks;
        this.properties = properties;
    }

    GantryProcess start() throws Exception {
        // as users run it (java -jar gantry.jar: full JIT, default heap); GANTRY_BENCH_JVM adds
        // options, e.g. -XX:StartFlightRecording=filename=/tmp/gantry.jfr to profile a run
        List<String> options = new ArrayList<>();
        String extra = System.getenv("GANTRY_BENCH_JVM");
        if (extra != null && !extra.isBlank()) {
            options.addAll(List.of(extra.trim().split("\\s+")));
        }
        // GANTRY_BENCH_JAR_DIR: the production jar built there (bench/startup.sh builds one in
        // target/bench/production), started as the README's command 1, instead of the class path
        String jarDir = System.getenv("GANTRY_BENCH_JAR_DIR");
        GantryProcess.Launch launch = jarDir == null || jarDir.isBlank() ? GantryProcess.Launch.classPath()
                : GantryProcess.Launch.productionJar(Path.of(jarDir));
        return GantryProcess.start(dataDir, log, properties, options, launch);
    }

    static String job(String name, String command) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\ntaskRoles:\n  main:\n"
                + "    resourcePerInstance: {cpu: 1, memoryMB: 64}\n    commands:\n      - '"
                + command.replace("'", "''") + "'\n";
    }

    static String state(RestClient client, String user, String name) {
        RestClient.Response response = client.get("/api/v2/jobs/" + user + "~" + name);
        return response.status() == 200 ? response.json().at("/jobStatus/state").asText() : "HTTP " + response.status();
    }

    static boolean isFinal(String state) {
        return state.equals("SUCCEEDED") || state.equals("FAILED") || state.equals("STOPPED");
    }
}
