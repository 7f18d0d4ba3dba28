package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * OpenPAI's own {@code pai ssh} against a job running on Gantry: the command it prints from
 * the job status ({@code ssh -l root -p <containerPorts.ssh> <containerIp>}) enters the task.
 */
@RuntimeSpringTest
class PaiSshIT {

    @LocalServerPort
    int port;

    @TempDir
    Path home;

    @BeforeAll
    static void installSdk() throws Exception {
        OpenPaiSdkIT.installSdk();
    }

    @Test
    void the_command_pai_ssh_prints_enters_the_running_task() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")), "OpenSSH's client is not installed");
        RestClient owner = RestClient.newUser(port, "pai");
        String user = owner.username();
        Path key = home.resolve("id_ed25519");
        OpenPaiSdkIT.Result keygen = OpenPaiSdkIT.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                key.toString()), home, Map.of(), 60);
        assertThat(keygen.exitCode()).as(keygen.toString()).isZero();
        assertThat(owner.postJson("/api/v2/users/me/ssh-keys", Map.of("name", "pai",
                "publicKey", Files.readString(Path.of(key + ".pub")))).status()).isEqualTo(201);
        String job = RuntimeJobs.name("pai-ssh");
        assertThat(owner.postYaml("/api/v2/jobs", RuntimeJobs.job(job, "instances: 2", "sleep 300")).status())
                .isEqualTo(202);
        RuntimeJobs.await(owner, user, job, RuntimeJobs.state("RUNNING"), Duration.ofSeconds(90));

        JsonNode second = owner.get("/api/v2/jobs/" + user + "~" + job).json().at("/taskRoles/main/taskStatuses/1");
        assertThat(second.at("/containerPorts/ssh").asInt()).isPositive();
        assertThat(second.at("/containerIp").asText()).isEqualTo("127.0.0.1");

        Map<String, String> env = Map.of("HOME", home.toString());
        pai(env, "addc", "http://127.0.0.1:" + port, user, owner.token(), "-a", "gantry");
        OpenPaiSdkIT.Result printed = pai(env, "ssh", "gantry", job, "main", "1", "-i", key.toString());
        String command = printed.stdout().strip();
        assertThat(command).as(printed.toString()).startsWith("ssh -oStrictHostKeyChecking=no").contains("-l root");

        OpenPaiSdkIT.Result entered = OpenPaiSdkIT.run(List.of("bash", "-c",
                command + " -o BatchMode=yes 'echo entered $GANTRY_JOB_NAME $PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX'"),
                home, env, 60);
        assertThat(entered.stdout()).as(entered.toString()).isEqualTo("entered " + job + " 1\n");
    }

    private OpenPaiSdkIT.Result pai(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", OpenPaiSdkIT.CLI.toString()));
        command.addAll(List.of(args));
        OpenPaiSdkIT.Result result = OpenPaiSdkIT.run(command, home, env, 120);
        assertThat(result.stderr()).as(result.toString()).doesNotContain("Error");
        return result;
    }
}
