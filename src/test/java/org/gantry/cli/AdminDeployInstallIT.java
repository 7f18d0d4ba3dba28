package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gantry admin deploy} installing Gantry itself: the system machine {@code sys} is a
 * Debian sshd on a loopback port whose login has no Gantry yet; the deploy copies
 * {@code target/gantry.jar} there (packaged by {@code mvn verify} before the integration
 * tests), writes its settings and scripts, starts it as a supervised background process (this
 * machine has no systemd) with its embedded PostgreSQL, waits for it, signs in as the
 * administrator the inventory gives and registers the compute machine {@code c1}, where a job
 * then runs. A second run changes nothing. The installed Gantry is stopped at the end.
 */
class AdminDeployInstallIT {

    @TempDir
    Path dir;

    private DeployTestHost sys;
    private DeployTestHost c1;
    private Path gantryDir;
    private Path inventory;
    private Path jar;
    private int port;
    private String suffix;

    @BeforeEach
    void machines() throws Exception {
        DeployTestHost.assumeUsable();
        jar = Path.of("target", "gantry.jar").toAbsolutePath();
        assertThat(jar).as("the server jar: `mvn verify` packages it before the integration tests run").exists();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path key = DeployTestHost.clientKey(dir);
        sys = DeployTestHost.start(dir.resolve("sys"), key);
        c1 = DeployTestHost.start(dir.resolve("c1"), key);
        gantryDir = Files.createDirectories(dir.resolve("gantry"));
        DeployTestHost.run("chown", DeployTestHost.USER, gantryDir.toString());
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        suffix = Long.toString(System.nanoTime() % 100000);
        Files.writeString(dir.resolve("admin-password"), RestClient.ADMIN_PASSWORD + "\n");
        // The jar `mvn verify` packages is a development build: its Vaadin would look for this project's
        // directory and write there, which the test account may not. This test uses the REST API only, so the
        // installed Gantry runs in production mode without a frontend bundle (its views would not load).
        String javaOptions = "-Xmx768m -XX:TieredStopAtLevel=1 -Dvaadin.productionMode=true";
        inventory = Files.writeString(dir.resolve("cluster.yaml"), String.join("\n",
                "gantry:",
                "  url: http://127.0.0.1:" + port,
                "  dir: " + gantryDir,
                "  admin_password_file: admin-password",
                "  java: " + Path.of(System.getProperty("java.home"), "bin", "java"),
                "  java_options: " + javaOptions,
                "machines:",
                sys.inventoryEntry("sys" + suffix, "[system]"),
                c1.inventoryEntry("c1-" + suffix, "[compute]") + "    vc: inst-" + suffix, ""));
    }

    @AfterEach
    void stop() throws Exception {
        if (gantryDir != null && Files.exists(gantryDir.resolve("gantry-stop.sh"))) {
            DeployTestHost.run("bash", gantryDir.resolve("gantry-stop.sh").toString());
        }
        for (DeployTestHost host : new DeployTestHost[] {sys, c1}) {
            if (host != null) {
                host.close();
            }
        }
    }

    private record Run(int exit, String out) {
    }

    private Run deploy() {
        StringWriter out = new StringWriter();
        int exit = GantryCli.run(new String[] {"admin", "deploy", "--inventory=" + inventory, "--jar=" + jar,
            "--connect-timeout=5s", "--start-timeout=6m"}, new PrintWriter(out, true), new PrintWriter(out, true));
        return new Run(exit, out.toString());
    }

    @Test
    void installs_and_starts_gantry_on_the_system_machine_registers_a_compute_host_and_a_job_runs() throws Exception {
        String sysName = "[sys" + suffix + "] ";
        String c1Name = "c1-" + suffix;

        Run first = deploy();
        assertThat(first.exit()).as(first.out()).isZero();
        assertThat(first.out()).as(first.out())
                .contains(sysName + "Gantry does not answer at http://127.0.0.1:" + port + ": installing it in "
                        + gantryDir + " (embedded PostgreSQL under " + gantryDir + "/data/postgres)")
                .contains(sysName + "+ copy gantry.jar (")
                .contains(sysName + "+ write supervisor script " + gantryDir + "/gantry-run.sh")
                .contains(sysName + "+ start Gantry: '" + gantryDir + "/gantry-stop.sh' && '" + gantryDir
                        + "/gantry-start.sh'")
                .contains(sysName + "Gantry answers at http://127.0.0.1:" + port + " after ")
                .contains(sysName + "= signed in as admin")
                .contains("[" + c1Name + "] + register SSH host " + c1Name);
        assertThat(Files.readString(gantryDir.resolve("gantry.env"))).contains("GANTRY_PORT=" + port + "\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(gantryDir.resolve("gantry.env"))))
                .isEqualTo("rw-------");
        long pid = Long.parseLong(Files.readString(gantryDir.resolve("gantry.pid")).strip());
        assertThat(ProcessHandle.of(pid)).as("the supervisor in " + gantryDir + "/gantry.pid").isPresent();

        Run again = deploy();
        assertThat(again.exit()).as(again.out()).isZero();
        assertThat(again.out()).as(again.out())
                .contains(sysName + "= Gantry answers at http://127.0.0.1:" + port + ", same jar and settings")
                .endsWith("no changes\n").doesNotContain("+ ");

        RestClient user = RestClient.newUser(port, "installed");
        String jobName = name("oninstalled");
        user.submit(job(jobName, "resourcePerInstance: {cpu: 1, memoryMB: 64}", "echo ran-on-$(whoami)")
                .replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: inst-" + suffix + "\n"));
        JsonNode done = await(user, user.username(), jobName, ended(), Duration.ofSeconds(120));
        assertThat(done.at("/jobStatus/state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
    }
}
