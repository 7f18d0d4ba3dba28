package org.gantry.runtime.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.gantry.runtime.OpenSshServer;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The SSH link to a host cut while a job runs there, through the whole runtime: the
 * reconciler's passes meet an unreachable host, and the job is neither failed nor run again.
 */
@RuntimeSpringTest
class SshLinkFaultIT {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @LocalServerPort
    int port;

    @TempDir
    Path dir;

    @Test
    void a_task_running_while_the_hosts_sshd_is_down_is_not_failed_and_is_found_again_once() throws Exception {
        // Bug: a command whose session closed under it came back as exit -1 and a launch was then failed for good
        assumeThat(OpenSshServer.available()).as("needs Debian's openssh-server (/usr/sbin/sshd)").isTrue();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path marks = Files.createDirectories(dir.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        RestClient admin = RestClient.admin(port);
        RestClient alice = RestClient.newUser(port, "alice");
        String alias = name("cut");
        try (OpenSshServer sshd = OpenSshServer.start(Files.createDirectories(dir.resolve("sshd")))) {
            RestClient.Response host = admin.putJson("/api/v2/ssh-hosts/" + alias, Map.of("host", "127.0.0.1",
                    "port", sshd.port(), "username", sshd.user(), "keyPath", sshd.clientKey().toString(),
                    "baseDir", ".gantry-" + alias, "virtualCluster", alias));
            assertThat(host.status()).as(host.toString()).isEqualTo(200);
            try {
                String name = alice.submit(job(name("through-cut"), "",
                        "echo run >> " + marks + "/runs",
                        "touch " + marks + "/started",
                        "while [ ! -e " + marks + "/cut ]; do sleep 0.2; done",
                        "sleep 3",
                        "touch " + marks + "/ended").replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: "
                        + alias + "\n"));
                await(alice, alice.username(), name, state("RUNNING"), WAIT);
                while (!Files.exists(marks.resolve("started"))) {
                    Thread.sleep(100);
                }

                sshd.cut(false);
                try {
                    Files.createFile(marks.resolve("cut"));
                    // the task ends while its host cannot be reached; the passes meanwhile find it unreachable
                    while (!Files.exists(marks.resolve("ended"))) {
                        Thread.sleep(100);
                    }
                    JsonNode during = alice.get("/api/v2/jobs/" + alice.username() + "~" + name).json();
                    assertThat(during.at("/jobStatus/state").asText()).as(during.toString()).isEqualTo("RUNNING");
                } finally {
                    sshd.listenAgain();
                }

                JsonNode job = await(alice, alice.username(), name, ended(), WAIT);
                assertThat(job.at("/jobStatus/state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
                assertThat(Files.readString(marks.resolve("runs"))).isEqualTo("run\n");
            } finally {
                assertThat(admin.delete("/api/v2/ssh-hosts/" + alias).status()).isEqualTo(200);
                new ProcessBuilder("rm", "-rf", sshd.home().resolve(".gantry-" + alias).toString()).start().waitFor();
            }
        }
    }
}
