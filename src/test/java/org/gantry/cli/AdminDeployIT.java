package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code gantry admin deploy} against three real Debian sshd servers on loopback ports, each
 * with its own host key and configuration: {@code sys} (system and storage roles: the Gantry of
 * this test answers for it, the deploy copies keys there and prepares its storage directory)
 * and the compute machines {@code c1} and {@code c2}. Installing Gantry itself on the system
 * machine: {@link AdminDeployInstallIT}.
 */
@RuntimeSpringTest
class AdminDeployIT {

    @LocalServerPort
    int port;

    @TempDir
    Path dir;

    private DeployTestHost sys;
    private DeployTestHost c1;
    private DeployTestHost c2;
    private Path inventory;
    private Path tokenFile;
    private RestClient admin;
    private Path storage;
    private String suffix;

    @BeforeEach
    void machines() throws Exception {
        DeployTestHost.assumeUsable();
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path key = DeployTestHost.clientKey(dir);
        sys = DeployTestHost.start(dir.resolve("sys"), key);
        c1 = DeployTestHost.start(dir.resolve("c1"), key);
        c2 = DeployTestHost.start(dir.resolve("c2"), key);
        Path gantryDir = Files.createDirectories(dir.resolve("gantry"));
        storage = dir.resolve("storage");
        DeployTestHost.run("chown", DeployTestHost.USER, gantryDir.toString());
        DeployTestHost.run("chmod", "777", dir.toString());
        suffix = Long.toString(System.nanoTime() % 100000);
        inventory = Files.writeString(dir.resolve("cluster.yaml"), String.join("\n",
                "gantry:",
                "  url: http://127.0.0.1:" + port,
                "  dir: " + gantryDir,
                "machines:",
                sys.inventoryEntry("sys" + suffix, "[system, storage]") + "    storage_dir: " + storage,
                c1.inventoryEntry("c1-" + suffix, "[compute]") + "    vc: dep1-" + suffix,
                c2.inventoryEntry("c2-" + suffix, "[compute]") + "    vc: dep2-" + suffix, ""));
        admin = RestClient.admin(port);
        tokenFile = Files.writeString(dir.resolve("token"), admin.token());
    }

    @AfterEach
    void stop() throws Exception {
        for (DeployTestHost host : new DeployTestHost[] {sys, c1, c2}) {
            if (host != null) {
                host.close();
            }
        }
    }

    private DeployTestHost.DeployRun deploy(String... extra) {
        return DeployTestHost.deploy(inventory, tokenFile, extra);
    }

    @Test
    void deploys_resumes_after_a_host_was_down_reports_no_changes_and_runs_a_job_into_the_storage() throws Exception {
        String c1Name = "c1-" + suffix;
        String c2Name = "c2-" + suffix;

        DeployTestHost.DeployRun dry = deploy("--dry-run");
        assertThat(dry.out()).as(dry.out()).contains("would register SSH host " + c1Name)
                .contains("changes planned (dry run");
        assertThat(admin.get("/api/v2/ssh-hosts/" + c1Name).status()).isEqualTo(404);

        c2.down();
        DeployTestHost.DeployRun down = deploy();
        assertThat(down.exit()).as(down.out()).isEqualTo(1);
        assertThat(down.out()).contains("[" + c2Name + "] FAILED check")
                .contains(c2Name + ": step check failed (`ssh " + DeployTestHost.USER + "@127.0.0.1:" + c2.port() + "`)")
                .contains("+ register SSH host " + c1Name).contains("+ register storage sys" + suffix);
        assertThat(admin.get("/api/v2/ssh-hosts/" + c2Name).status()).isEqualTo(404);

        c2.up();
        DeployTestHost.DeployRun resumed = deploy();
        assertThat(resumed.exit()).as(resumed.out()).isZero();
        assertThat(resumed.out()).contains("+ register SSH host " + c2Name).contains("= SSH host " + c1Name)
                .doesNotContain("+ register SSH host " + c1Name).contains("2 changes applied");

        DeployTestHost.DeployRun again = deploy();
        assertThat(again.exit()).as(again.out()).isZero();
        assertThat(again.out()).as(again.out()).endsWith("no changes\n").doesNotContain("+ ");

        JsonNode host = admin.get("/api/v2/ssh-hosts/" + c1Name).json();
        assertThat(host.path("cpu").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(host.path("hostKey").asText()).startsWith("ssh-ed25519 ")
                .isEqualTo(Files.readString(dir.resolve("c1/host_key.pub")).split(" ")[0] + " "
                        + Files.readString(dir.resolve("c1/host_key.pub")).split(" ")[1]);
        assertThat(host.path("virtualClusters").toString()).contains("dep1-" + suffix);

        RestClient user = RestClient.newUser(port, "deployed");
        String jobName = name("ondeployed");
        user.submit(job(jobName, "resourcePerInstance: {cpu: 1, memoryMB: 64}",
                "echo written-on-$(whoami) > " + storage + "/" + jobName + ".txt")
                .replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: dep1-" + suffix
                        + "\nextras:\n  storages:\n    - name: sys" + suffix + "\n"));
        JsonNode done = await(user, user.username(), jobName, ended(), Duration.ofSeconds(90));
        assertThat(done.at("/jobStatus/state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(Files.readString(storage.resolve(jobName + ".txt")).strip())
                .isEqualTo("written-on-" + DeployTestHost.USER);

        DeployTestHost.DeployRun removed = deploy("--remove", c2Name, "--stop");
        assertThat(removed.exit()).as(removed.out()).isZero();
        assertThat(removed.out()).contains("+ drain SSH host " + c2Name).contains("+ deregister SSH host " + c2Name);
        assertThat(admin.get("/api/v2/ssh-hosts/" + c2Name).status()).isEqualTo(404);
    }
}
