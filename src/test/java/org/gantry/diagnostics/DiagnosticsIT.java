package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Real jobs fail on the local executor; the diagnosis shows in the diagnostics answer and OpenPAI's status. */
@RuntimeSpringTest
class DiagnosticsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Test
    void a_missing_python_module_is_named_with_deps_pip_as_the_fix() throws Exception {
        RestClient alice = RestClient.newUser(port, "alice");
        String user = alice.username();
        String name = alice.submit(job(name("nomodule"), "", "echo starting", "python3 -c 'import no_such_module_xyz'"));
        await(alice, user, name, ended(), WAIT);

        RestClient.Response answer = alice.get("/api/v2/jobs/" + user + "~" + name + "/diagnostics");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode d = answer.json().get("diagnosis");
        assertThat(d.get("phrase").asText()).isEqualTo("PythonModuleNotFound");
        assertThat(d.get("reason").asText()).contains("no_such_module_xyz");
        assertThat(d.get("solution").asText()).contains("deps.pip");
        assertThat(d.get("fix").asText()).isEqualTo("deps.pip no_such_module_xyz");
        assertThat(d.get("task").asText()).isEqualTo("main-0");
        assertThat(d.get("jobAttempt").asInt()).isZero();
        assertThat(d.get("taskAttempt").asInt()).isZero();
        assertThat(d.get("matchedLine").asText()).contains("ModuleNotFoundError: No module named 'no_such_module_xyz'");
        assertThat(d.get("source").asText()).isEqualTo("stderr");

        JsonNode status = alice.get("/api/v2/jobs/" + user + "~" + name).json().get("jobStatus");
        JsonNode spec = status.get("appExitSpec");
        assertThat(spec.get("phrase").asText()).isEqualTo("PythonModuleNotFound");
        assertThat(spec.get("code").asInt()).isEqualTo(1001);
        assertThat(spec.get("type").asText()).isEqualTo("USER_FAILURE");
        assertThat(spec.get("reaction").asText()).isEqualTo("NEVER_RETRY");
        assertThat(spec.get("reason").asText()).contains("no_such_module_xyz");
        assertThat(spec.get("solution").get(0).asText()).contains("deps.pip");
        assertThat(spec.get("repro").get(0).asText()).contains("no_such_module_xyz");
        assertThat(status.get("appExitDiagnostics").asText()).startsWith("PythonModuleNotFound: ")
                .contains("minFailedInstances");
        assertThat(status.at("/appExitMessages/runtime/originalUserExitCode").asInt()).isEqualTo(1);
        assertThat(status.get("appExitTriggerTaskRoleName").asText()).isEqualTo("main");
    }

    @Test
    void another_user_gets_the_stored_diagnosis_and_a_running_job_has_none() throws Exception {
        RestClient alice = RestClient.newUser(port, "alice");
        RestClient bob = RestClient.newUser(port, "bob");
        String user = alice.username();
        String failing = alice.submit(job(name("segv"), "", "kill -SEGV $$"));
        await(alice, user, failing, ended(), WAIT);
        assertThat(alice.get("/api/v2/jobs/" + user + "~" + failing + "/diagnostics").json()
                .at("/diagnosis/phrase").asText()).isEqualTo("KilledBySigsegv");

        JsonNode seen = bob.get("/api/v2/jobs/" + user + "~" + failing + "/diagnostics").json();
        assertThat(seen.at("/diagnosis/phrase").asText()).isEqualTo("KilledBySigsegv");

        String running = alice.submit(job(name("sleeper"), "", "sleep 30"));
        JsonNode none = alice.get("/api/v2/jobs/" + user + "~" + running + "/diagnostics").json();
        assertThat(none.get("diagnosed").asBoolean()).isFalse();
        assertThat(none.get("message").asText()).contains("has not failed");
        assertThat(alice.get("/api/v2/jobs/" + user + "~no-such-job/diagnostics").status()).isEqualTo(404);
        alice.putJson("/api/v2/jobs/" + user + "~" + running + "/executionType", java.util.Map.of("value", "STOP"));
    }
}
