package org.gantry.usage;

import java.io.Writer;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.gantry.security.CurrentUser;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The admin dashboard's queries and monthly statements over 1,000,000 task attempts, and the
 * history CSV's rows per second; prints p50/p95/max. A benchmark, not a test: run it with
 * {@code bench/usage.sh}; {@code mvn verify} never picks it up.
 */
@SpringBootTest
class UsageBench {

    static final int JOBS = Integer.getInteger("bench.jobs", 100_000);
    static final int ATTEMPTS_PER_JOB = 10;
    static final int USERS = 200;
    static final int REQUESTS = Integer.getInteger("bench.requests", 50);
    /** The attempts end over the year before this instant, one every 31 s. */
    static final Instant END = Instant.parse("2029-12-31T00:00:00Z");

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    UsageService usage;
    @Autowired
    HistoryQuery history;
    @Autowired
    BillingStore store;
    @Autowired
    ChargeQuery charges;
    @Autowired
    CurrentUser currentUser;
    @Autowired
    UsageProperties properties;

    @Test
    void dashboard_statements_and_export_over_a_million_attempts() {
        System.out.printf("%nload average at start: %s on %d cores%n", loadAverage(),
                Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        insert();
        System.out.printf("%nInserted %,d task attempts of %d users in %.1f s%n", JOBS * ATTEMPTS_PER_JOB, USERS,
                (System.nanoTime() - t0) / 1e9);
        // prices set after the attempts: every month's charges are computed once, from all of them
        t0 = System.nanoTime();
        store.replacePrices(List.of(new Price("default", Instant.parse("2020-01-01T00:00:00Z"), 100, 2_000, 10),
                new Price("gpu", Instant.parse("2020-01-01T00:00:00Z"), 150, 3_000, 10),
                new Price("gpu", Instant.parse("2029-06-15T00:00:00Z"), 200, 3_500, 10)));
        jdbc.execute("vacuum analyze usage_charge_month");
        System.out.printf("Prices set, charges per month computed for all attempts, in %.1f s%n",
                (System.nanoTime() - t0) / 1e9);
        BillingService billing = new BillingService(store, charges, currentUser, properties,
                Clock.fixed(END, ZoneOffset.UTC));
        Instant june = Instant.parse("2029-06-01T00:00:00Z");
        Instant july = Instant.parse("2029-07-01T00:00:00Z");
        // the month read from the rollup is the month computed from the attempts, exactly
        if (!charges.lines(ChargeQuery.Scope.everyone(), june, july, END)
                .equals(charges.live(ChargeQuery.Scope.everyone(), june, july, END))) {
            throw new AssertionError("June's statement from usage_charge_month differs from the attempts'");
        }
        Instant year = Instant.parse("2029-01-01T00:00:00Z");
        UsageService.Filter all = UsageService.Filter.ALL;

        System.out.printf("%n%-58s %9s %9s %9s%n", String.format("over %,d attempts (%d requests)", JOBS * ATTEMPTS_PER_JOB, REQUESTS), "p50 ms",
                "p95 ms", "max ms");
        time("dashboard: usage per day, one month, everyone", () -> usage.usage(june, july, UsageService.By.DAY, all));
        time("dashboard: usage per month, one year, everyone", () -> usage.usage(year, END, UsageService.By.MONTH, all));
        time("dashboard: usage per day, one month, virtual cluster gpu", () -> usage.usage(june, july,
                UsageService.By.DAY, new UsageService.Filter(Optional.empty(), Optional.empty(), Optional.of("gpu"))));
        time("dashboard: usage per day, one month, group default", () -> usage.usage(june, july,
                UsageService.By.DAY, new UsageService.Filter(Optional.empty(), Optional.of("default"), Optional.empty())));
        time("statement: one month, everyone", () -> billing.statement(YearMonth.of(2029, 6), Optional.empty(),
                Optional.empty()));
        time("statement: one month, one user", () -> billing.statement(YearMonth.of(2029, 6),
                Optional.of("bench-usage-7"), Optional.empty()));
        time("statement: one month, group default", () -> billing.statement(YearMonth.of(2029, 6), Optional.empty(),
                Optional.of("default")));

        long[] chars = {0};
        Writer counting = new Writer() {
            @Override
            public void write(char[] buffer, int offset, int length) {
                chars[0] += length;
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        HistoryCsv csv = new HistoryCsv(counting);
        long start = System.nanoTime();
        long rows = history.stream(year.minusSeconds(86_400L * 30), END, Optional.empty(), csv::row);
        double seconds = (System.nanoTime() - start) / 1e9;
        Runtime rt = Runtime.getRuntime();
        System.out.printf("%nCSV export: %,d rows, %,d MB in %.1f s = %,.0f rows/s (heap in use after: %d MB)%n", rows,
                chars[0] / 1_000_000, seconds, rows / seconds, (rt.totalMemory() - rt.freeMemory()) >> 20);
        // A figure taken while other work holds the cores measures that work: say so beside it.
        String load = loadAverage();
        double oneMinute = load.isEmpty() ? 0 : Double.parseDouble(load.split(" ")[0]);
        System.out.printf("load average at end: %s on %d cores%s%n", load, rt.availableProcessors(),
                oneMinute > rt.availableProcessors() ? " (more runnable work than cores: not a valid figure;"
                        + " run it on an idle machine)" : "");
    }

    private static String loadAverage() {
        try {
            String[] fields = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private void time(String name, Supplier<?> query) {
        TestSecurity.asAdmin(() -> {
            for (int i = 0; i < 5; i++) {
                query.get();
            }
            double[] ms = new double[REQUESTS];
            for (int i = 0; i < REQUESTS; i++) {
                long t = System.nanoTime();
                query.get();
                ms[i] = (System.nanoTime() - t) / 1e6;
            }
            Arrays.sort(ms);
            System.out.printf("%-58s %9.1f %9.1f %9.1f%n", name, ms[REQUESTS / 2], ms[(int) Math.ceil(REQUESTS * 0.95) - 1],
                    ms[REQUESTS - 1]);
            return null;
        });
    }

    private void insert() {
        jdbc.update("insert into app_user (username, password_hash, role, created_at)"
                + " select 'bench-usage-' || g, 'unusable', 'USER', now() from generate_series(1, ?) g", USERS);
        jdbc.update("insert into user_group (user_id, group_id) select u.id, g.id from app_user u, app_group g"
                + " where u.username like 'bench-usage-%' and g.name = 'default'");
        jdbc.update("insert into virtual_cluster (name) values ('gpu') on conflict do nothing");
        long span = (long) JOBS * ATTEMPTS_PER_JOB * 31;
        jdbc.update("""
                insert into job (owner_id, name, virtual_cluster, state, submitted_text, resolved_text, submitted_at)
                select u.id, 'usage-' || g, (array['default', 'gpu'])[1 + g % 2], 'SUCCEEDED', '',
                       'prerequisites:' || chr(10) || '  - name: image' || chr(10) || '    uri: python:3.' || (g % 4 + 9),
                       ?::timestamptz - make_interval(secs => ? - (g * 10 - 10) * 31 + 600)
                from generate_series(1, ?) g
                join app_user u on u.username = 'bench-usage-' || (1 + g % ?)
                """, java.sql.Timestamp.from(END), span, JOBS, USERS);
        jdbc.update("insert into job_task (job_id, role_name, task_index, state)"
                + " select id, 'main', 0, 'SUCCEEDED' from job where name like 'usage-%'");
        // attempt k of job g ends at END - span + (g * 10 + k) * 31 s and ran 25 s to 2 h
        jdbc.update("""
                insert into task_attempt (task_id, job_id, job_attempt, retry, attempt, state, executor, claimed_by,
                                          cpu, memory_mb, gpu, phase, exit_code, node, claimed_at, started_at, ended_at)
                select t.id, j.id, 0, k - 1, k, 'ENDED', 'local', 'bench', 1 + n % 8, 1024 * (1 + n % 16), n % 3,
                       case when n % 5 = 0 then 'FAILED' else 'SUCCEEDED' end, case when n % 5 = 0 then 1 else 0 end,
                       'node-' || n % 20, e - make_interval(secs => 25 + n % 7200) - interval '5 s',
                       e - make_interval(secs => 25 + n % 7200), e
                from job j join job_task t on t.job_id = j.id
                cross join generate_series(1, ?) k
                cross join lateral (select (substring(j.name from 7)::bigint * 10 + k) as n) x
                cross join lateral (select ?::timestamptz - make_interval(secs => ?) + make_interval(secs => x.n * 31) as e) y
                where j.name like 'usage-%'
                """, ATTEMPTS_PER_JOB, java.sql.Timestamp.from(END), span);
        jdbc.execute("vacuum analyze task_attempt");
        jdbc.execute("vacuum analyze job");
        jdbc.execute("vacuum analyze usage_day");
    }
}
