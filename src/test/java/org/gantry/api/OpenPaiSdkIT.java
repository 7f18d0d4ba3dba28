package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * OpenPAI's own JavaScript SDK and its {@code pai} CLI, installed from the npm registry
 * and run unchanged against Gantry. The install is kept under target/ between runs.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OpenPaiSdkIT {

    static final String SDK = "@microsoft/openpai-js-sdk@0.1.5";
    static final Path INSTALL = Path.of("target", "openpai-sdk").toAbsolutePath();
    static final Path CLI = INSTALL.resolve("node_modules/@microsoft/openpai-js-sdk/lib/src/cli.js");

    @LocalServerPort
    int port;

    @TempDir
    Path home;

    @BeforeAll
    static void installSdk() throws Exception {
        assumeTrue(available("node") && available("npm"), "node and npm are needed to run OpenPAI's SDK");
        if (!Files.exists(CLI)) {
            Files.createDirectories(INSTALL);
            Result install = run(List.of("npm", "install", "--no-audit", "--no-fund", "--prefix", INSTALL.toString(),
                    SDK), INSTALL, Map.of(), 300);
            assertThat(install.exitCode()).as("npm install " + SDK + ": " + install).isZero();
        }
        Files.copy(OpenPaiSdkIT.class.getResourceAsStream("/openpai-sdk/sdk-client.js"),
                INSTALL.resolve("sdk-client.js"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void the_sdk_logs_in_submits_lists_and_reads_a_job_and_its_config() throws Exception {
        RestClient user = RestClient.newUser(port, "sdk");
        String username = user.username();
        String job = TestJobs.uniqueName("sdk-job");
        Result result = run(List.of("node", "sdk-client.js"), INSTALL, Map.of("GANTRY_PORT", Integer.toString(port),
                "PAI_USER", username, "PAI_PASSWORD", "pw-" + username, "JOB_NAME", job), 120);
        assertThat(result.exitCode()).as(result.toString()).isZero();

        JsonNode out = new ObjectMapper().readTree(result.stdout());
        assertThat(out.at("/login/user").asText()).isEqualTo(username);
        assertThat(out.at("/info/authnMethod").asText()).isEqualTo("basic");
        assertThat(out.at("/submitted/message").asText()).contains(job);
        assertThat(out.get("jobs")).extracting(j -> j.get("name").asText()).contains(job);
        assertThat(out.at("/job/jobStatus/state").asText()).isEqualTo("WAITING");
        assertThat(out.at("/job/taskRoles/worker/taskStatuses")).hasSize(2);
        assertThat(out.at("/jobConfig/name").asText()).isEqualTo(job);
        assertThat(out.at("/jobConfig/taskRoles/worker/instances").asInt()).isEqualTo(2);
        assertThat(out.at("/clusters/default").isObject()).isTrue();
    }

    @Test
    void the_pai_cli_adds_the_cluster_lists_submits_and_gets_jobs() throws Exception {
        RestClient user = RestClient.newUser(port, "cli");
        String username = user.username();
        String job = TestJobs.uniqueName("cli-job");
        Path jobFile = home.resolve("job.yaml");
        Files.writeString(jobFile, TestJobs.twoRoles(job));
        Map<String, String> env = Map.of("HOME", home.toString());

        Result added = pai(env, "addc", "http://127.0.0.1:" + port, username, user.token(), "-a", "gantry");
        assertThat(added.stderr()).as(added.toString()).doesNotContain("Error");
        assertThat(Files.readString(home.resolve(".openpai/clusters.json"))).contains("gantry");

        Result submitted = pai(env, "subj", "gantry", jobFile.toString());
        assertThat(submitted.stdout()).as(submitted.toString()).contains("update job " + job + " successfully");

        Result listed = pai(env, "listj", "gantry");
        assertThat(listed.stdout()).as(listed.toString()).contains(job).contains("WAITING").contains(username);

        Result got = pai(env, "getj", "gantry", job);
        assertThat(got.stderr()).as(got.toString()).isEmpty();
        JsonNode detail = new ObjectMapper().readTree(got.stdout());
        assertThat(detail.get("name").asText()).isEqualTo(job);
        assertThat(detail.at("/taskRoles/train/taskStatuses")).hasSize(2);
    }

    private Result pai(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", CLI.toString()));
        command.addAll(List.of(args));
        return run(command, home, env, 120);
    }

    private static boolean available(String tool) {
        try {
            return run(List.of(tool, "--version"), Path.of("."), Map.of(), 60).exitCode() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    static Result run(List<String> command, Path directory, Map<String, String> env, int timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        var stdout = drain(process.getInputStream());
        var stderr = drain(process.getErrorStream());
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command + " did not finish in " + timeoutSeconds + " s");
        }
        return new Result(process.exitValue(), stdout.join(), stderr.join());
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }
}
