package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Statements of a month read from the charges kept per month (V0470) must equal, to the minor
 * unit, the same statements computed from the attempts alone: random attempts across month
 * boundaries, prices changing mid-month and backdated, attempts still running or ending after
 * the statement's instant, attempts removed, and every scope.
 */
@SpringBootTest
class ChargeRollupIT {

    private static final Instant FIRST = Instant.parse("2032-12-20T00:00:00Z");
    private static final YearMonth[] MONTHS = {YearMonth.of(2032, 11), YearMonth.of(2032, 12), YearMonth.of(2033, 1),
            YearMonth.of(2033, 2), YearMonth.of(2033, 3), YearMonth.of(2033, 4), YearMonth.of(2033, 5)};
    private static final Instant[] NOWS = {Instant.parse("2033-06-01T00:00:00Z"),
            Instant.parse("2033-03-15T12:34:56.789Z"), Instant.parse("2033-01-01T00:00:00Z"),
            Instant.parse("2032-12-01T00:00:00Z")};

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BillingStore store;
    @Autowired
    ChargeQuery charges;

    private final Random random = new Random(20331);

    @AfterEach
    void clearPrices() {
        store.replacePrices(List.of());
    }

    @Test
    void statements_from_the_kept_months_equal_the_attempts_computed_live() {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String a = "rollup-a-" + suffix;
        String b = "rollup-b-" + suffix;
        String group = "rollup-" + suffix;
        jdbc.update("insert into virtual_cluster (name) values (?), (?)", a, b);
        jdbc.update("insert into app_group (name) values (?)", group);
        jdbc.update("insert into group_virtual_cluster (group_id, virtual_cluster_id) select g.id, vc.id"
                + " from app_group g, virtual_cluster vc where g.name = ? and vc.name = ?", group, a);
        UsageRows rows = new UsageRows(jdbc);
        List<String> users = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            users.add(rows.user("rollup"));
        }
        for (String member : users.subList(0, 2)) {
            jdbc.update("insert into user_group (user_id, group_id) select u.id, g.id from app_user u, app_group g"
                    + " where u.username = ? and g.name = ?", member, group);
        }
        // a's price changes at an odd instant mid-month; b has no price before 2033-01-10
        List<Price> prices = new ArrayList<>(List.of(new Price(a, Instant.parse("2032-12-01T00:00:00Z"), 100, 2_000, 10),
                new Price(a, Instant.parse("2033-02-14T13:17:05Z"), 137, 2_333, 7),
                new Price(b, Instant.parse("2033-01-10T00:00:00Z"), 55, 999, 3)));
        store.replacePrices(prices);

        List<Long> jobs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            jobs.add(rows.job(users.get(random.nextInt(users.size())), "rollup-" + i, random.nextBoolean() ? a : b, FIRST));
        }
        for (int i = 0; i < 300; i++) {
            Instant started = FIRST.plusSeconds(random.nextInt(110 * 86_400)).plusMillis(random.nextInt(1000));
            // mostly minutes to days; one in ten runs for weeks, across one or two month ends
            long seconds = random.nextInt(10) == 0 ? random.nextInt(45 * 86_400) : 1 + random.nextInt(3 * 86_400);
            rows.attempt(jobs.get(random.nextInt(jobs.size())), 1 + i, random.nextInt(5) == 0 ? "FAILED" : "SUCCEEDED",
                    0, random.nextInt(9), random.nextInt(9) * 512, random.nextInt(3), started, started.plusSeconds(seconds));
        }
        long running = rows.running(jobs.get(0), 1_000, 3, 2_048, 1, Instant.parse("2033-03-28T08:00:00Z"));
        long endsLater = rows.running(jobs.get(1), 1_001, 2, 1_024, 2, Instant.parse("2033-01-30T22:00:00Z"));
        List<ChargeQuery.Scope> scopes = List.of(ChargeQuery.Scope.everyone(), ChargeQuery.Scope.user(users.get(0)),
                ChargeQuery.Scope.user(users.get(3)), ChargeQuery.Scope.group(group));
        assertSameAsLive(scopes);
        assertThat(charges.lines(ChargeQuery.Scope.group(group), BillingService.start(YearMonth.of(2033, 2)),
                BillingService.start(YearMonth.of(2033, 3)), NOWS[0])).isNotEmpty();

        // the attempt ends, two months after it started
        jdbc.update("update task_attempt set state = 'ENDED', phase = 'SUCCEEDED', ended_at = ? where id = ?",
                Timestamp.from(Instant.parse("2033-03-02T03:04:05Z")), endsLater);
        assertSameAsLive(scopes);

        // a backdated change of b's price and a new price of a in January: the months after are recomputed
        prices.add(new Price(b, Instant.parse("2032-12-24T06:00:00Z"), 70, 1_500, 4));
        prices.add(new Price(a, Instant.parse("2033-01-20T00:00:01Z"), 90, 1_800, 9));
        prices.set(1, new Price(a, Instant.parse("2033-02-14T13:17:05Z"), 150, 2_333, 7));
        store.replacePrices(prices);
        assertSameAsLive(scopes);

        // a price removed, an attempt's resources changed, a job and its attempts removed
        prices.remove(2);
        store.replacePrices(prices);
        jdbc.update("update task_attempt set cpu = cpu + 1, started_at = started_at - interval '3 days'"
                + " where job_id = ? and ended_at is not null", jobs.get(2));
        jdbc.update("delete from job where id = ?", jobs.get(3));
        assertSameAsLive(scopes);

        // the running attempt ends; the table of prices emptied
        jdbc.update("update task_attempt set state = 'ENDED', phase = 'FAILED', ended_at = ? where id = ?",
                Timestamp.from(Instant.parse("2033-04-30T23:59:59.999Z")), running);
        assertSameAsLive(scopes);
        store.replacePrices(List.of());
        assertSameAsLive(scopes);
        assertThat(jdbc.queryForObject("select count(*) from usage_charge_month where virtual_cluster in (?, ?)"
                + " and attempts <> 0", Long.class, a, b)).isZero();
    }

    private void assertSameAsLive(List<ChargeQuery.Scope> scopes) {
        for (YearMonth month : MONTHS) {
            Instant from = BillingService.start(month);
            Instant to = BillingService.start(month.plusMonths(1));
            for (Instant now : NOWS) {
                for (ChargeQuery.Scope scope : scopes) {
                    assertThat(charges.lines(scope, from, to, now))
                            .as("%s of %s as of %s", scope, month, now)
                            .isEqualTo(charges.live(scope, from, to, now));
                }
            }
        }
        // a period that is not a month is computed live
        Instant from = Instant.parse("2033-01-15T00:00:00Z");
        assertThat(charges.lines(ChargeQuery.Scope.everyone(), from, from.plus(Duration.ofDays(30)), NOWS[0]))
                .isEqualTo(charges.live(ChargeQuery.Scope.everyone(), from, from.plus(Duration.ofDays(30)), NOWS[0]));
    }
}
