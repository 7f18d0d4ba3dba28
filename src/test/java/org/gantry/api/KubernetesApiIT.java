package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.runtime.ssh.SshHostService;
import org.gantry.runtime.ssh.SshHostService.SshHostSettings;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** OpenPAI's /api/v2/kubernetes routes: Gantry's machines and running tasks in Kubernetes' shapes. */
@RuntimeSpringTest
class KubernetesApiIT {

    @LocalServerPort
    int port;

    @Autowired
    SshHostService sshHosts;

    @Test
    void administrators_get_the_local_host_and_ssh_hosts_as_a_node_list() {
        // Bug: GET /api/v2/kubernetes/nodes answered 404 "No API", which OpenPAI's SDK and portal call
        String alias = RuntimeJobs.name("k8s-host");
        TestSecurity.asAdmin(() -> sshHosts.save(new SshHostSettings(alias, "10.1.2.3", 22, "runner",
                "/nonexistent/key", ".gantry", "listed only")));

        Response answer;
        try {
            answer = RestClient.admin(port).get("/api/v2/kubernetes/nodes");
        } finally {
            TestSecurity.asAdmin(() -> sshHosts.delete(alias));
        }
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode list = answer.json();
        assertThat(list.get("kind").asText()).isEqualTo("NodeList");
        JsonNode local = item(list, n -> "local".equals(n.at("/metadata/labels/gantry~1executor").asText()));
        assertThat(local.at("/status/capacity/cpu").asText()).isEqualTo("4");
        assertThat(local.at("/status/allocatable/memory").asText()).isEqualTo("16384Mi");
        assertThat(local.at("/status/addresses/0/type").asText()).isEqualTo("InternalIP");
        assertThat(local.at("/status/conditions/0/type").asText()).isEqualTo("Ready");
        assertThat(local.at("/status/conditions/0/status").asText()).isEqualTo("True");
        JsonNode ssh = item(list, n -> alias.equals(n.at("/metadata/name").asText()));
        assertThat(ssh.at("/status/addresses/0/address").asText()).isEqualTo("10.1.2.3");
        assertThat(ssh.at("/status/conditions/0/status").asText()).isEqualTo("Unknown");
    }

    @Test
    void administrators_get_running_tasks_as_a_pod_list() throws Exception {
        // Bug: GET /api/v2/kubernetes/pods answered 404 "No API"
        RestClient owner = RestClient.newUser(port, "k8s");
        String user = owner.username();
        String job = RuntimeJobs.name("k8s");
        assertThat(owner.postYaml("/api/v2/jobs", RuntimeJobs.job(job,
                "resourcePerInstance: {cpu: 1, memoryMB: 64, ports: {http: 1}}", "sleep 300")).status())
                .isEqualTo(202);
        RuntimeJobs.await(owner, user, job, RuntimeJobs.state("RUNNING"), Duration.ofSeconds(90));

        JsonNode list = RestClient.admin(port).get("/api/v2/kubernetes/pods").json();
        assertThat(list.get("kind").asText()).isEqualTo("PodList");
        JsonNode pod = item(list, p -> job.equals(p.at("/metadata/labels/jobName").asText()));
        assertThat(pod.at("/metadata/name").asText()).isEqualTo(user + "~" + job + "-main-0");
        assertThat(pod.at("/metadata/labels/userName").asText()).isEqualTo(user);
        assertThat(pod.at("/metadata/labels/type").asText()).isEqualTo("kube-launcher-task");
        assertThat(pod.at("/metadata/annotations/FC_FRAMEWORK_NAME").asText()).isEqualTo(user + "~" + job);
        assertThat(pod.at("/spec/nodeName").asText()).isNotBlank();
        assertThat(pod.at("/spec/containers/0/resources/limits/cpu").asText()).isEqualTo("1");
        assertThat(pod.at("/spec/containers/0/resources/limits/memory").asText()).isEqualTo("64Mi");
        assertThat(pod.at("/spec/containers/0/ports/0/name").asText()).isEqualTo("http");
        assertThat(pod.at("/status/phase").asText()).isEqualTo("Running");
        assertThat(RestClient.admin(port).get("/api/v2/kubernetes/pods?namespace=kube-system").json().get("items"))
                .isEmpty();
        owner.putJson("/api/v2/jobs/" + user + "~" + job + "/executionType", Map.of("value", "STOP"));
    }

    @Test
    void others_get_openpais_403() {
        RestClient user = RestClient.newUser(port, "k8s-user");
        for (String path : List.of("/api/v2/kubernetes/nodes", "/api/v2/kubernetes/pods")) {
            Response refused = user.get(path);
            assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
            assertThat(refused.json().get("code").asText()).isEqualTo("ForbiddenUserError");
            assertThat(refused.json().get("message").asText()).isEqualTo("Non-admin is not allow to do this operation.");
        }
    }

    private static JsonNode item(JsonNode list, Predicate<JsonNode> which) {
        return StreamSupport.stream(list.get("items").spliterator(), false).filter(which).findFirst()
                .orElseThrow(() -> new AssertionError("no such item in " + list));
    }
}
