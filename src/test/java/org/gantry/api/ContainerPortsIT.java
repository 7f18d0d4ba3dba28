package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A task's {@code containerPorts} as OpenPAI reports them: every label the job asked for. */
@RuntimeSpringTest
class ContainerPortsIT {

    @LocalServerPort
    int port;

    @Test
    void every_port_label_of_the_job_is_reported_with_its_ports() throws Exception {
        // Bug: containerPorts listed only ssh, never the labels of resourcePerInstance.ports
        RestClient owner = RestClient.newUser(port, "ports");
        String user = owner.username();
        String job = RuntimeJobs.name("ports");
        assertThat(owner.postYaml("/api/v2/jobs", RuntimeJobs.job(job,
                "resourcePerInstance: {cpu: 1, memoryMB: 64, ports: {http: 1, nccl: 2}}", "sleep 300")).status())
                .isEqualTo(202);
        JsonNode running = RuntimeJobs.await(owner, user, job, RuntimeJobs.state("RUNNING"), Duration.ofSeconds(90));

        JsonNode ports = running.at("/taskRoles/main/taskStatuses/0/containerPorts");
        assertThat(ports.get("http").isTextual()).as(ports.toString()).isTrue();
        assertThat(ports.get("http").asText()).matches("[1-9][0-9]*");
        assertThat(ports.get("nccl").asText()).matches("[1-9][0-9]*,[1-9][0-9]*");
        assertThat(ports.get("nccl").asText()).doesNotContain(ports.get("http").asText());

        JsonNode attempt = owner.get("/api/v2/jobs/" + user + "~" + job
                + "/attempts/0/taskRoles/main/taskIndex/0/attempts").json();
        ObjectNode withoutGateway = ports.deepCopy();
        withoutGateway.remove("ssh");
        assertThat(attempt.at("/attempts/0/containerPorts")).isEqualTo(withoutGateway);
        owner.putJson("/api/v2/jobs/" + user + "~" + job + "/executionType", Map.of("value", "STOP"));
    }
}
