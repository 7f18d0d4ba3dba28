package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.deps.PipOptions;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TaskRole;

/** One job document that every executor must run the same way, and its expected output. */
public final class PortableJobs {

    public static final String YAML = """
            protocolVersion: 2
            name: portable
            type: job
            deps:
              env: {GREETING: hello}
              bash: ["export STAMP=from-bash"]
              callBefore: ["echo before $GREETING"]
              callAfter: ["echo after exit=$GANTRY_TASK_EXIT_CODE"]
            taskRoles:
              worker:
                instances: 2
                resourcePerInstance: {cpu: 1, memoryMB: 256, gpu: 0, ports: {http: 1}}
                commands:
                  - echo "task $PAI_CURRENT_TASK_ROLE_NAME-$PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX of $PAI_TASK_ROLE_TASK_COUNT_worker $STAMP $GREETING"
                  - test -n "$PAI_CONTAINER_HOST_http_PORT_LIST" && echo "port $PAI_CONTAINER_HOST_http_PORT_LIST"
                  - test -d "$PAI_WORK_DIR" && test "$PWD" = "$PAI_WORK_DIR" && echo "in work dir"
            """;

    private PortableJobs() {
    }

    public static JobSpec spec() {
        ParseResult parsed = new ProtocolParser().parse(YAML);
        assertThat(parsed.errors()).isEmpty();
        return parsed.spec().orElseThrow();
    }

    /** Launches of every task of the portable job, for a user, placed on {@code host}. */
    public static List<TaskLaunch> launches(String user, String host, String cacheDir, int firstPort) {
        JobSpec spec = spec();
        Map<String, List<JobLayout.TaskPlace>> roles = new LinkedHashMap<>();
        int port = firstPort;
        for (TaskRole role : spec.taskRoles().values()) {
            List<JobLayout.TaskPlace> places = new ArrayList<>();
            for (int i = 0; i < role.instances(); i++) {
                places.add(new JobLayout.TaskPlace(host, Map.of("http", List.of(port++))));
            }
            roles.put(role.name(), places);
        }
        JobLayout layout = new JobLayout(roles);
        TaskPlanner planner = new TaskPlanner(PipOptions.DEFAULT);
        List<TaskLaunch> launches = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            for (int i = 0; i < role.instances(); i++) {
                launches.add(planner.launch(spec, "default", new AttemptRef(user, spec.name(), role.name(), i, 1),
                        layout, cacheDir));
            }
        }
        return launches;
    }

    /** The task's own lines of a portable task's stdout (frame lines of the deps steps removed). */
    public static List<String> taskLines(String stdout) {
        return stdout.lines().filter(line -> !line.startsWith("::gantry")).toList();
    }

    public static List<String> expectedLines(int index, int port) {
        return List.of("before hello", "task worker-" + index + " of 2 from-bash hello", "port " + port,
                "in work dir", "after exit=0");
    }
}
