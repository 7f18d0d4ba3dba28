package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TaskEnvironmentTest {

    private static final TaskEnvironment.RoleLayout WORKERS = new TaskEnvironment.RoleLayout("worker-gpu", 2,
            new Resources(4, 8192, 1), OptionalInt.of(1), OptionalInt.empty(), List.of("10.0.0.1", "10.0.0.2"),
            List.of(Map.of("http", List.of(20001, 20002)), Map.of("http", List.of(20003, 20004))));
    private static final TaskEnvironment.RoleLayout PS = new TaskEnvironment.RoleLayout("ps", 1,
            new Resources(1, 1024, 0), OptionalInt.of(1), OptionalInt.of(1), List.of("10.0.0.3"), List.of(Map.of()));

    @Test
    void openpai_variables_describe_the_whole_job_and_the_current_task() {
        Map<String, String> env = TaskEnvironment.of(new TaskEnvironment.Layout("mnist", "alice", "default",
                List.of(WORKERS, PS), "worker-gpu", 1, 3));

        assertThat(env).containsEntry("PAI_JOB_NAME", "mnist")
                .containsEntry("PAI_USER_NAME", "alice")
                .containsEntry("PAI_TASK_ROLE_COUNT", "2")
                .containsEntry("PAI_TASK_ROLE_LIST", "worker-gpu,ps")
                .containsEntry("PAI_TASK_ROLE_TASK_COUNT_worker_gpu", "2")
                .containsEntry("PAI_TASK_ROLE_worker_gpu_HOST_LIST", "10.0.0.1:20001,10.0.0.2:20003")
                .containsEntry("PAI_TASK_ROLE_ps_HOST_LIST", "10.0.0.3")
                .containsEntry("PAI_HOST_IP_worker_gpu_1", "10.0.0.2")
                .containsEntry("PAI_PORT_LIST_worker_gpu_0_http", "20001,20002")
                .containsEntry("PAI_RESOURCE_worker_gpu", "1,4,8192,0")
                .containsEntry("PAI_MIN_SUCCEEDED_TASK_COUNT_worker_gpu", "-1")
                .containsEntry("PAI_CURRENT_TASK_ROLE_NAME", "worker-gpu")
                .containsEntry("PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX", "1")
                .containsEntry("PAI_CONTAINER_HOST_http_PORT_LIST", "20003,20004")
                .containsEntry("PAI_CONTAINER_HOST_IP", "10.0.0.2")
                .containsEntry("GANTRY_JOB_NAME", "mnist")
                .containsEntry("GANTRY_USER", "alice")
                .containsEntry("GANTRY_TASK_ROLE", "worker-gpu")
                .containsEntry("GANTRY_TASK_INDEX", "1")
                .containsEntry("GANTRY_ATTEMPT", "3");
        assertThat(env.keySet()).allMatch(name -> name.matches("[A-Za-z_][A-Za-z0-9_]*"));
    }
}
