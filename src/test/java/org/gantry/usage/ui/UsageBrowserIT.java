package org.gantry.usage.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.gantry.job.JobRows;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.TestSecurity;
import org.gantry.usage.BillingService;
import org.gantry.usage.Budget;
import org.gantry.usage.Price;
import org.gantry.usage.UsageRows;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** My usage, the printable statement and the admin's usage view in a browser, wide and phone-sized. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UsageBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BillingService billing;

    @AfterEach
    void clearBilling() {
        TestSecurity.asAdmin(() -> {
            billing.replaceBudgets(List.of());
            billing.replacePrices(List.of());
        });
    }

    @Test
    void usage_views_show_budgets_statements_and_charts() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        UsageRows rows = new UsageRows(jdbc);
        String user = rows.user("frank");
        Instant now = Instant.now();
        for (int day = 0; day < 10; day++) {
            Instant submitted = now.minus(day, ChronoUnit.DAYS).minus(3, ChronoUnit.HOURS);
            long job = rows.job(user, "train-" + day, "default", submitted);
            rows.attempt(job, 1, day % 4 == 3 ? "FAILED" : "SUCCEEDED", day % 4 == 3 ? 1 : 0, 4, 16_384, day % 3,
                    submitted.plusSeconds(60 * (day + 1)), submitted.plusSeconds(3_600));
        }
        // Every job of frank's installs its packages in its commands: a habit worth advice.
        jdbc.update("update job set resolved_text = resolved_text || '      - pip install numpy' || chr(10)"
                + " where owner_id = (select id from app_user where username = ?)", user);
        TestSecurity.asAdmin(() -> {
            billing.replacePrices(List.of(new Price("default", Instant.parse("2020-01-01T00:00:00Z"), 150, 2_500, 20)));
            billing.replaceBudgets(List.of(new Budget(Budget.Scope.USER, user, 2_000, List.of(50, 80), true)));
        });

        try (Browser browser = new Browser(port)) {
            browser.signIn(user, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.open("/usage");
            browser.await(By.id("statement"));
            assertThat(browser.await(By.id("budgets")).getText()).contains("Your budget");
            assertThat(browser.await(By.id("recommendations")).getText()).contains("Let deps.pip install your packages")
                    .contains("10 of your jobs run pip install");
            assertThat(browser.await(By.cssSelector("gantry-usage-chart canvas")).getSize().getHeight()).isGreaterThan(100);
            browser.screenshot("usage-mine");
            browser.open("/usage/statement/" + billing.currentMonth());
            assertThat(browser.await(By.id("statement-table")).getText()).contains("Total");
            browser.screenshot("usage-statement");
            browser.width(420);
            browser.open("/usage");
            browser.await(By.cssSelector("gantry-usage-chart canvas"));
            browser.screenshot("usage-mine-420");
        }
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "admin-test-password");
            browser.await(By.id("job-list"));
            browser.open("/admin/usage");
            browser.await(By.id("history-export"));
            assertThat(browser.await(By.id("statement")).getText()).contains(user);
            assertThat(browser.await(By.id("budgets")).getText()).contains("Budget of user " + user);
            browser.await(By.cssSelector("gantry-usage-chart canvas"));
            for (String chart : new String[] {"daily-chart", "outcome-chart", "utilization-chart", "tools-chart",
                "images-chart"}) {
                assertThat(browser.await(By.cssSelector("#" + chart + " canvas")).getSize().getHeight())
                        .as(chart).isGreaterThan(100);
            }
            assertThat(browser.await(By.id("behaviour-weekly")).getText()).contains("pip install");
            browser.screenshot("usage-admin");
            browser.width(420);
            browser.open("/admin/usage");
            browser.await(By.cssSelector("gantry-usage-chart canvas"));
            browser.screenshot("usage-admin-420");
        }
    }

    @Test
    void the_digest_page_and_the_editors_tips_show_a_users_advice() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        UsageRows rows = new UsageRows(jdbc);
        String user = rows.user("gina");
        Instant lastMonth = YearMonth.now(ZoneOffset.UTC).minusMonths(1).atEndOfMonth().atTime(12, 0)
                .toInstant(ZoneOffset.UTC);
        Instant recent = Instant.now().minus(2, ChronoUnit.HOURS);
        // Three failed jobs last month and three today, each downloading with wget and failing the same way.
        for (Instant submitted : List.of(lastMonth, recent)) {
            for (int i = 0; i < 3; i++) {
                long job = rows.job(user, "fetch-" + submitted.getEpochSecond() + "-" + i, "default",
                        submitted.minusSeconds(i * 600L));
                rows.attempt(job, 1, "FAILED", 1, 2, 4_096, i % 2, submitted.minusSeconds(i * 600L - 60),
                        submitted.minusSeconds(i * 600L - 1_260));
                jdbc.update("update job set resolved_text = resolved_text || '      - wget -q $DATA_URL'"
                        + " || chr(10) where id = ?", job);
                jdbc.update("insert into job_diagnosis (job_id, job_attempt, phrase, summary, body, analysed_at)"
                        + " values (?, 1, 'InputFileMissing', 'no input', ?, now())", job,
                        "{\"phrase\":\"InputFileMissing\",\"failure\":true,\"solution\":\"Check the path under"
                                + " /mnt and that the storage is mounted.\",\"link\":\"/marketplace\"}");
            }
        }

        try (Browser browser = new Browser(port)) {
            browser.signIn(user, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.open("/usage/digest");
            String month = YearMonth.now(ZoneOffset.UTC).minusMonths(1).toString();
            assertThat(browser.await(By.id(month)).getText()).contains("3 jobs, 0 of 3 attempts succeeded (0 %)")
                    .contains("InputFileMissing: 3 jobs").contains("Fix what keeps failing: InputFileMissing")
                    .contains("Keep downloaded data in a storage");
            browser.awaitFitsWidth();
            browser.screenshot("usage-digest");
            browser.open("/jobs/new");
            assertThat(browser.scrolledTo(By.cssSelector("#tips [data-tip='usage:diagnosis:InputFileMissing']")).getText())
                    .contains("of your jobs failed with the same diagnosis, InputFileMissing");
            browser.screenshot("editor-tips");
            browser.width(420);
            browser.open("/usage/digest");
            browser.await(By.id(month));
            browser.awaitFitsWidth();
            browser.screenshot("usage-digest-420");
            browser.open("/jobs/new");
            browser.scrolledTo(By.cssSelector("#tips [data-tip='usage:downloads']"));
            browser.screenshot("editor-tips-420");
        }
    }
}
