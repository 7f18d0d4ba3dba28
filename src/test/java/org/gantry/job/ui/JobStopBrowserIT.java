package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.JobRows;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.ApiToken;
import org.gantry.security.TokenService;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** A job really runs on the local executor, its owner stops it, and its page says so in the user's terms. */
@RuntimeSpringTest
class JobStopBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TokenService tokens;

    @Test
    void a_stopped_jobs_task_step_shows_as_stopped_and_its_empty_log_says_no_output() throws Exception {
        // Regression: a user-requested stop showed the task step as red "Failed 143".
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String erin = new JobRows(jdbc).user("erin");
        RestClient client = RestClient.anonymous(port)
                .withToken(tokens.issue(erin, ApiToken.Kind.APPLICATION, "test", Optional.empty()).value());
        assertThat(client.postYaml("/api/v2/jobs", """
                protocolVersion: 2
                name: long-sleep
                type: job
                taskRoles:
                  main:
                    instances: 1
                    resourcePerInstance: {cpu: 1, memoryMB: 256, gpu: 0}
                    commands:
                      - sleep 300
                """).status()).isEqualTo(202);

        try (Browser browser = new Browser(port)) {
            browser.signIn(erin, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.open("/job-detail/" + erin + "~long-sleep");
            WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(120));
            // the summary and tables are drawn anew as the job is polled; an element read mid-redraw is looked up again
            wait.ignoring(StaleElementReferenceException.class);
            wait.until(d -> stateOf(d).equals("Running"));
            // Bug: "Logs" and "Connect" ran together in the task row; they are two buttons with a gap between.
            // The task table is drawn anew as the job is polled: measure both buttons in one step.
            wait.until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                    "const logs = document.getElementById('logs-main-0');"
                    + " const connect = document.getElementById('connect-main-0');"
                    + " return logs != null && connect != null && connect.getBoundingClientRect().width > 0"
                    + " && connect.getBoundingClientRect().left >= logs.getBoundingClientRect().right + 8")));
            browser.await(By.id("tab-logs")).click();
            wait.until(d -> d.findElement(By.id("log-empty")).getText().equals("No output on stdout yet."));
            assertThat(browser.await(By.id("log-follow")).isDisplayed()).isTrue();

            // The running task's resources count as the virtual cluster's current use.
            JsonNode cluster = client.get("/api/v2/virtual-clusters/default").json();
            assertThat(cluster.at("/resourcesUsed/cpu").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(cluster.at("/resourcesTotal/cpu").asInt()).isEqualTo(4);

            assertThat(client.putJson("/api/v2/jobs/" + erin + "~long-sleep/executionType", Map.of("value", "STOP"))
                    .status()).isEqualTo(202);
            wait.until(d -> stateOf(d).equals("Stopped"));
            wait.until(d -> d.findElement(By.cssSelector("#step-table [data-status='STOPPED']")).isDisplayed());
            assertThat(browser.driver.findElements(By.cssSelector("#step-table [data-status='FAILED']"))).isEmpty();
            wait.until(d -> d.findElement(By.id("log-empty")).getText().equals("No output on stdout."));
            assertThat(browser.driver.findElements(By.id("log-follow")).stream()
                    .noneMatch(WebElement::isDisplayed)).isTrue();
            browser.screenshot("job-detail-stopped");
            browser.width(420);
            // the summary turns to one field per line once the server has heard of the new width
            wait.until(d -> ((JavascriptExecutor) d).executeScript("return getComputedStyle(document"
                    + ".getElementById('job-summary')).gridTemplateColumns.split(' ').length").equals(2L));
            browser.screenshot("job-detail-stopped-420");
        }
    }

    private static String stateOf(WebDriver driver) {
        return driver.findElement(By.cssSelector("#job-summary [data-field='State']")).getText();
    }

}
