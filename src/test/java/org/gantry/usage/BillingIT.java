package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.gantry.security.Role;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BillingIT {

    private static final Instant JAN = Instant.parse("2031-01-01T00:00:00Z");
    private static final Instant PRICE_RISE = Instant.parse("2031-01-16T00:00:00Z");

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BillingStore store;
    @Autowired
    ChargeQuery charges;
    @Autowired
    UsageProperties properties;
    @Autowired
    CurrentUser currentUser;

    String carol;
    String dave;

    @BeforeEach
    void generateHistory() {
        jdbc.update("delete from job where submitted_at >= ? and submitted_at < ?", Timestamp.from(JAN.minusSeconds(86_400)),
                Timestamp.from(JAN.plus(40, ChronoUnit.DAYS)));
        // cpu-hour 1.00, then 2.00 from the 16th; gpu-hour 20.00; GB-hour of memory 0.10.
        store.replacePrices(List.of(new Price("default", JAN, 100, 2_000, 10),
                new Price("default", PRICE_RISE, 200, 2_000, 10)));
        UsageRows rows = new UsageRows(jdbc);
        carol = rows.user("carol");
        dave = rows.user("dave");
        long a = rows.job(carol, "a", "default", at("2031-01-10T00:00:00Z"));
        // (2 × 1.00 + 1 × 20.00 + 4 GB × 0.10) × 2 h = 44.80
        rows.attempt(a, 1, "SUCCEEDED", 0, 2, 4_096, 1, at("2031-01-10T00:00:00Z"), at("2031-01-10T02:00:00Z"));
        long b = rows.job(carol, "b", "default", at("2031-01-15T23:00:00Z"));
        // across the price rise: 1 h × 1.10 + 1 h × 2.10 = 3.20
        rows.attempt(b, 1, "SUCCEEDED", 0, 1, 1_024, 0, at("2031-01-15T23:00:00Z"), at("2031-01-16T01:00:00Z"));
        long c = rows.job(carol, "c", "default", at("2031-01-31T23:30:00Z"));
        // across the month's end: 0.5 h × 2.05 = 1.025 in each month, rounded half up to 1.03
        rows.attempt(c, 1, "SUCCEEDED", 0, 1, 512, 0, at("2031-01-31T23:30:00Z"), at("2031-02-01T00:30:00Z"));
        long d = rows.job(dave, "d", "default", at("2031-01-20T10:00:00Z"));
        // 3 × 2.00 × 1 h = 6.00
        rows.attempt(d, 1, "FAILED", 1, 3, 0, 0, at("2031-01-20T10:00:00Z"), at("2031-01-20T11:00:00Z"));
    }

    @AfterEach
    void clearPricesAndBudgets() {
        store.replacePrices(List.of());
        store.replaceBudgets(List.of());
    }

    @Test
    void a_users_monthly_statement_has_exact_resource_seconds_and_charges() {
        BillingService billing = billingAt("2031-02-10T00:00:00Z");

        Statement january = TestSecurity.as(carol, Role.USER,
                () -> billing.statement(YearMonth.of(2031, 1), Optional.empty(), Optional.empty()));

        assertThat(january.lines()).containsExactly(new Statement.Line(carol, "default", 3, 2 * 7_200 + 7_200 + 1_800,
                7_200, 4_096L * 7_200 + 1_024L * 7_200 + 512L * 1_800, 4_480 + 320 + 103));
        assertThat(january.totalMinor()).isEqualTo(4_903);
        Statement february = TestSecurity.as(carol, Role.USER,
                () -> billing.statement(YearMonth.of(2031, 2), Optional.of(carol), Optional.empty()));
        assertThat(february.totalMinor()).isEqualTo(103);
        assertThat(BillingService.csv(january, billing.money())).isEqualTo(
                "period,user,virtual_cluster,attempts,cpu_seconds,gpu_seconds,memory_mb_seconds,charge,currency\r\n"
                        + "2031-01," + carol + ",default,3,23400,7200,37785600,49.03,EUR\r\n"
                        + "2031-01,total,,,,,,49.03,EUR\r\n");
    }

    @Test
    void an_admin_sees_everyones_and_a_groups_statement_and_a_user_only_their_own() {
        BillingService billing = billingAt("2031-02-10T00:00:00Z");

        Statement all = TestSecurity.asAdmin(() -> billing.statement(YearMonth.of(2031, 1), Optional.empty(), Optional.empty()));
        assertThat(all.lines()).extracting(Statement.Line::user, Statement.Line::chargeMinor)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(carol, 4_903L),
                        org.assertj.core.groups.Tuple.tuple(dave, 600L));
        assertThat(all.totalMinor()).isEqualTo(5_503);
        Statement group = TestSecurity.asAdmin(() -> billing.statement(YearMonth.of(2031, 1), Optional.empty(),
                Optional.of("default")));
        assertThat(group.totalMinor()).isEqualTo(5_503);

        assertThatThrownBy(() -> TestSecurity.as(carol, Role.USER,
                () -> billing.statement(YearMonth.of(2031, 1), Optional.of(dave), Optional.empty())))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> TestSecurity.as(carol, Role.USER,
                () -> billing.statement(YearMonth.of(2031, 1), Optional.empty(), Optional.of("default"))))
                .isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void a_budget_warns_forecasts_the_month_end_and_its_hard_limit_refuses() {
        // On the 21st, 20 of January's 31 days are over: carol has spent 44.80 + 3.20 = 48.00.
        BillingService billing = billingAt("2031-01-21T00:00:00Z");
        TestSecurity.asAdmin(() -> billing.replaceBudgets(List.of(
                new Budget(Budget.Scope.USER, carol, 9_000, List.of(50, 80), false),
                new Budget(Budget.Scope.GROUP, "default", 5_000, List.of(80), true))));

        List<Budget.Status> statuses = TestSecurity.as(carol, Role.USER, () -> billing.statusesFor(carol));

        Budget.Status own = statuses.stream().filter(s -> s.budget().scope() == Budget.Scope.USER).findFirst().orElseThrow();
        assertThat(own.spentMinor()).isEqualTo(4_800);
        assertThat(own.forecastMinor()).isEqualTo(4_800 * 31 / 20);
        assertThat(own.level()).isEqualTo(Budget.Status.Level.WARNING);
        assertThat(own.crossedPercent()).isEqualTo(50);
        assertThat(own.describe(billing.money())).isEqualTo("Your budget is 50% spent: EUR 48.00 of EUR 90.00 in"
                + " 2031-01; month-end forecast EUR 74.40.");
        // The group spent 48.00 + dave's 6.00 = 54.00 of 50.00.
        Budget.Status group = statuses.stream().filter(s -> s.budget().scope() == Budget.Scope.GROUP).findFirst().orElseThrow();
        assertThat(group.spentMinor()).isEqualTo(5_400);
        assertThat(group.level()).isEqualTo(Budget.Status.Level.EXCEEDED);
        assertThat(billing.refusal(carol, "default")).get().asString()
                .contains("budget of group default for 2031-01 is spent (EUR 54.00 of EUR 50.00)");
    }

    @Test
    void the_hard_limit_refuses_a_submission_with_402_naming_the_budget() {
        RestClient erin = RestClient.newUser(port, "erin");
        Instant now = Instant.now();
        Instant monthStart = YearMonth.now(ZoneOffset.UTC).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant started = now.minusSeconds(600).isAfter(monthStart) ? now.minusSeconds(600) : monthStart;
        UsageRows rows = new UsageRows(jdbc);
        long job = rows.job(erin.username(), "spent", "default", started);
        rows.attempt(job, 1, "SUCCEEDED", 0, 1, 0, 0, started, now.minusMillis(1));
        RestClient admin = RestClient.admin(port);
        // 10.00 a cpu-second: any run at all spends the 0.01 budget.
        assertThat(admin.putJson("/api/v2/billing/prices", List.of(Map.of("virtualCluster", "default",
                "effectiveFrom", "2020-01-01T00:00:00Z", "cpuHourMinor", 3_600_000, "gpuHourMinor", 0,
                "memoryGbHourMinor", 0))).status()).isEqualTo(200);
        assertThat(erin.postYaml("/api/v2/jobs", job("before-the-budget")).status()).isEqualTo(202);
        assertThat(erin.putJson("/api/v2/billing/budgets", List.of()).status()).isEqualTo(403);
        assertThat(admin.putJson("/api/v2/billing/budgets", List.of(Map.of("scope", "USER", "subject", erin.username(),
                "amountMinor", 1, "hardLimit", true))).status()).isEqualTo(200);

        RestClient.Response refused = erin.postYaml("/api/v2/jobs", job("one-more"));

        assertThat(refused.status()).isEqualTo(402);
        assertThat(refused.json().get("code").asText()).isEqualTo("BudgetExceededError");
        assertThat(refused.json().get("message").asText()).contains("The budget of user " + erin.username())
                .contains("hard limit");
        RestClient.Response budgets = erin.get("/api/v2/billing/budgets");
        assertThat(budgets.json().get(0).get("level").asText()).isEqualTo("EXCEEDED");
    }

    @Test
    void bad_billing_input_gets_a_4xx_with_its_reason() {
        RestClient admin = RestClient.admin(port);
        RestClient.Response badMonth = admin.get("/api/v2/billing/statements/2031-13");
        assertThat(badMonth.status()).isEqualTo(400);
        assertThat(badMonth.body()).contains("not a month");
        RestClient.Response negative = admin.putJson("/api/v2/billing/prices", List.of(Map.of("virtualCluster",
                "default", "effectiveFrom", "2031-01-01T00:00:00Z", "cpuHourMinor", -1, "gpuHourMinor", 0,
                "memoryGbHourMinor", 0)));
        assertThat(negative.status()).isEqualTo(400);
        assertThat(negative.body()).contains("negative");
        RestClient.Response nobody = admin.putJson("/api/v2/billing/budgets", List.of(Map.of("scope", "USER",
                "subject", "no-such-user", "amountMinor", 100)));
        assertThat(nobody.status()).isEqualTo(400);
        assertThat(nobody.body()).contains("not found");
        RestClient.Response csv = admin.get("/api/v2/billing/statements/2031-01?user=" + carol + "&format=csv");
        assertThat(csv.status()).isEqualTo(200);
        // The service's clock is the machine's, years before these attempts: nothing of them is charged yet.
        assertThat(csv.body()).endsWith("2031-01,total,,,,,,0.00,EUR\r\n");
    }

    private static String job(String name) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\ntaskRoles:\n  main:\n    commands:\n      - echo hi\n";
    }

    private BillingService billingAt(String now) {
        return new BillingService(store, charges, currentUser, properties,
                Clock.fixed(Instant.parse(now), ZoneOffset.UTC));
    }

    private static Instant at(String instant) {
        return Instant.parse(instant);
    }
}
