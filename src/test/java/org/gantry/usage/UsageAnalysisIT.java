package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.gantry.security.Role;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;

/** Behaviour per virtual cluster over time and each virtual cluster's use of its quota, on generated jobs. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UsageAnalysisIT {

    private static final Instant DAY = Instant.parse("2030-05-20T00:00:00Z");

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    UsageService usage;
    @Autowired
    BehaviourService behaviour;

    @Test
    void a_virtual_clusters_cpu_use_is_measured_against_its_quota() {
        String vc = "quota-" + System.nanoTime() % 1_000_000;
        jdbc.update("insert into virtual_cluster (name, cpu_quota) values (?, 2)", vc);
        UsageRows rows = new UsageRows(jdbc);
        String user = rows.user("quinn");
        long job = rows.job(user, "long", vc, DAY.minusSeconds(50_000));
        // 2 cpu for 12 hours ending in the day: 86,400 cpu-seconds of the quota's 2 × 86,400
        rows.attempt(job, 1, "SUCCEEDED", 0, 2, 1_024, 0, DAY.plusSeconds(3_600), DAY.plusSeconds(3_600 + 43_200));

        var clusters = TestSecurity.asAdmin(() -> usage.utilization(DAY, DAY.plusSeconds(86_400)));

        UsageService.Utilization mine = clusters.stream().filter(u -> u.virtualCluster().equals(vc)).findFirst()
                .orElseThrow();
        assertThat(mine.cpuSeconds()).isEqualTo(86_400);
        assertThat(mine.cpuQuota()).hasValue(2);
        assertThat(mine.percent()).hasValue(50L);
        assertThat(clusters).filteredOn(u -> u.virtualCluster().equals("default")).singleElement()
                .satisfies(u -> assertThat(u.percent()).as("no quota, no share").isEmpty());
        assertThatThrownBy(() -> TestSecurity.as(user, Role.USER, () -> usage.utilization(DAY, DAY.plusSeconds(86_400))))
                .isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void a_virtual_clusters_jobs_are_profiled_and_counted_per_week() {
        String vc = "habits-" + System.nanoTime() % 1_000_000;
        jdbc.update("insert into virtual_cluster (name) values (?)", vc);
        UsageRows rows = new UsageRows(jdbc);
        String user = rows.user("hana");
        Instant now = Instant.now();
        for (int i = 0; i < 3; i++) {
            long job = rows.job(user, "habit-" + i, vc, now.minus(i * 8L, ChronoUnit.DAYS));
            String commands = i < 2 ? "      - pip install numpy\n      - git clone repo\n" : "      - python train.py\n";
            jdbc.update("update job set resolved_text = ? where id = ?", "protocolVersion: 2\nname: habit\n"
                    + "prerequisites:\n  - name: image\n    type: dockerimage\n    uri: python:3.12\n"
                    + "taskRoles:\n  main:\n    dockerImage: image\n    commands:\n" + commands, job);
        }

        BehaviourService.Profile profile = TestSecurity.asAdmin(() ->
                behaviour.profile(BehaviourService.Scope.VIRTUAL_CLUSTER, vc));
        Map<LocalDate, Map<Behaviour.Tool, Long>> weeks = TestSecurity.asAdmin(() ->
                behaviour.toolsPerWeek(12, BehaviourService.Scope.VIRTUAL_CLUSTER, vc));

        assertThat(profile.jobs()).isEqualTo(3);
        assertThat(profile.tools()).containsEntry(Behaviour.Tool.PIP_INSTALL, 2L).containsEntry(Behaviour.Tool.GIT, 2L);
        assertThat(profile.images()).containsEntry("python:3.12", 3L);
        assertThat(weeks).hasSize(3);  // 0, 8 and 16 days ago: more than a week apart, so three weeks
        assertThat(weeks.values().stream().mapToLong(w -> w.getOrDefault(Behaviour.Tool.PIP_INSTALL, 0L)).sum())
                .isEqualTo(2);
        assertThatThrownBy(() -> TestSecurity.as(user, Role.USER, () ->
                behaviour.profile(BehaviourService.Scope.VIRTUAL_CLUSTER, vc))).isInstanceOf(AccessDeniedException.class);
    }
}
