package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
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
    void usage_read_from_whole_days_is_the_usage_counted_from_every_attempt() {
        String vc = "days-" + System.nanoTime() % 1_000_000;
        jdbc.update("insert into virtual_cluster (name) values (?)", vc);
        UsageRows rows = new UsageRows(jdbc);
        String[] users = {rows.user("dara"), rows.user("dion")};
        Instant start = Instant.parse("2031-03-27T00:00:00Z");
        Random random = new Random(7);
        List<Long> attempts = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Instant submitted = start.plusSeconds(random.nextInt(10 * 86_400));
            long job = rows.job(users[i % 2], "job-" + i, vc, submitted);
            Instant begin = submitted;
            int count = 1 + random.nextInt(3);
            for (int attempt = 1; attempt <= count; attempt++) {
                begin = begin.plusSeconds(random.nextInt(30_000));
                Instant end = begin.plusSeconds(1 + random.nextInt(60_000));
                long id = rows.attempt(job, attempt, random.nextBoolean() ? "SUCCEEDED" : "FAILED", 0,
                        1 + random.nextInt(4), 512, random.nextInt(2), begin, end);
                if (random.nextBoolean()) {
                    rows.measured(id, 100 + random.nextInt(4_000), random.nextInt(9_000_000));
                }
                attempts.add(id);
                begin = end;
            }
        }
        long running = rows.running(rows.job(users[0], "late", vc, start), 1, 2, 512, 1, start.plusSeconds(7_200));
        assertSameAsFromAttempts(vc, start);

        // An attempt ends, another's end is recorded again two days earlier (its job's first end moves).
        jdbc.update("update task_attempt set state = 'ENDED', phase = 'SUCCEEDED', ended_at = ? where id = ?",
                Timestamp.from(start.plusSeconds(3 * 86_400 + 5)), running);
        jdbc.update("update task_attempt set ended_at = ended_at - interval '2 days' where id = ?", attempts.get(5));
        assertSameAsFromAttempts(vc, start);
    }

    private void assertSameAsFromAttempts(String vc, Instant start) {
        UsageService.Filter filter = new UsageService.Filter(Optional.empty(), Optional.empty(), Optional.of(vc));
        Instant[][] periods = {
                {start, start.plus(14, ChronoUnit.DAYS)},
                {start.plusSeconds(40_000), start.plus(9, ChronoUnit.DAYS).plusSeconds(1_234)},
                {start.plus(2, ChronoUnit.DAYS), start.plus(3, ChronoUnit.DAYS)},
                {start.plusSeconds(3_000), start.plusSeconds(50_000)},
                {start.minus(30, ChronoUnit.DAYS), start.plus(60, ChronoUnit.DAYS)}};
        for (Instant[] period : periods) {
            for (UsageService.By by : UsageService.By.values()) {
                List<UsageBucket> read = TestSecurity.asAdmin(() -> usage.usage(period[0], period[1], by, filter));
                assertThat(read).as("%s per %s", Arrays.toString(period), by)
                        .isEqualTo(fromAttempts(period[0], period[1], by, vc)).isNotEmpty();
            }
        }
    }

    /** The dashboard's figures counted straight from the attempts, as before whole days were kept. */
    private List<UsageBucket> fromAttempts(Instant from, Instant to, UsageService.By by, String vc) {
        return jdbc.query("""
                select date_trunc(?, a.ended_at at time zone 'UTC') as bucket,
                       count(distinct a.job_id) filter (where a.ended_at =
                           (select min(b.ended_at) from task_attempt b where b.job_id = a.job_id)) as jobs,
                       count(*) as attempts, count(*) filter (where a.phase = 'SUCCEEDED') as succeeded,
                       count(*) filter (where a.phase = 'FAILED') as failed,
                       coalesce(round(sum(a.cpu * extract(epoch from a.ended_at - a.started_at))), 0) as cpu,
                       coalesce(round(sum(a.gpu * extract(epoch from a.ended_at - a.started_at))), 0) as gpu,
                       coalesce(round(avg(extract(epoch from a.started_at - j.submitted_at))), 0) as wait,
                       coalesce(round(sum(a.cpu_time_ms) / 1000.0), 0) as used,
                       coalesce(max(a.peak_memory_mb), 0) as peak
                from task_attempt a join job j on j.id = a.job_id
                where a.ended_at >= ? and a.ended_at < ? and j.virtual_cluster = ?
                group by 1 order by 1""", (rs, i) -> new UsageBucket(
                rs.getTimestamp("bucket").toLocalDateTime().toInstant(ZoneOffset.UTC), rs.getLong("jobs"),
                rs.getLong("attempts"), rs.getLong("succeeded"), rs.getLong("failed"), rs.getLong("cpu"),
                rs.getLong("gpu"), rs.getLong("wait"), rs.getLong("used"), rs.getLong("peak")),
                by == UsageService.By.DAY ? "day" : "month", Timestamp.from(from), Timestamp.from(to), vc);
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
