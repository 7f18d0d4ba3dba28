package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.time.Duration;
import java.util.Map;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A shell opened into a running local task sees the storages mounted into the task (decision 0034). */
@RuntimeSpringTest
class TaskShellMountsIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @LocalServerPort
    int port;
    @Autowired
    SshGateway gateway;
    @Autowired
    SshKeyService keys;

    @Test
    void a_shell_into_a_local_task_reads_and_writes_the_tasks_storages() throws Exception {
        // Bug: the shell started in Gantry's mount namespace, where /mnt/<storage> of the task does not exist
        RestClient owner = RestClient.newUser(port, "nsshell");
        String user = owner.username();
        KeyPair key = GatewayTestClient.newKey();
        keys.add(user, "laptop", PublicKeyEntry.toString(key.getPublic()));
        assertThat(owner.put("/api/v2/storages/home/files/in/seen.txt", "application/octet-stream", "from rest\n")
                .status()).isEqualTo(201);
        String name = RuntimeJobs.name("nsshell");
        String yaml = RuntimeJobs.job(name, "", "echo started", "sleep 300") + "extras:\n  storages:\n    - name: home\n";
        assertThat(owner.postYaml("/api/v2/jobs", yaml).status()).isEqualTo(202);
        RuntimeJobs.await(owner, user, name, RuntimeJobs.state("RUNNING"), WAIT);

        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), user + "~" + name, key)) {
            GatewayTestClient.Exec exec = client.exec("cat /mnt/home/in/seen.txt && echo from-shell > /mnt/home/shell.txt"
                    + " && id -un");

            assertThat(exec.exitStatus()).as(exec.err()).isZero();
            assertThat(exec.out()).startsWith("from rest\n").doesNotContain("root");
            assertThat(owner.get("/api/v2/storages/home/files/shell.txt").body()).isEqualTo("from-shell\n");
        } finally {
            owner.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", Map.of("value", "STOP"));
        }
    }
}
