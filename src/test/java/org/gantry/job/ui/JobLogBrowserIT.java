package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.gantry.job.JobRows;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.ApiToken;
import org.gantry.security.TokenService;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** A job really runs on the local executor while a person watches its page. */
@RuntimeSpringTest
class JobLogBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TokenService tokens;

    @Test
    void a_running_jobs_log_grows_on_its_page_without_a_reload() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String erin = new JobRows(jdbc).user("erin");
        submit(erin, """
                protocolVersion: 2
                name: counting
                type: job
                taskRoles:
                  main:
                    instances: 1
                    resourcePerInstance: {cpu: 1, memoryMB: 256, gpu: 0}
                    commands:
                      - 'for i in $(seq 1 80); do echo "line $i"; sleep 0.5; done'
                """);

        try (Browser browser = new Browser(port)) {
            browser.signIn(erin, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.open("/job-detail/" + erin + "~counting");
            browser.await(By.id("tab-logs")).click();
            WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(120));
            wait.until(d -> d.findElement(By.id("log-text")).getText().contains("line 1"));
            String earlier = browser.driver.findElement(By.id("log-text")).getText();
            // No reload: the page polls while the job runs and appends what the task wrote since.
            wait.until(d -> d.findElement(By.id("log-text")).getText().length() > earlier.length());
            String later = browser.driver.findElement(By.id("log-text")).getText();
            assertThat(later).startsWith(earlier);
            assertThat(lastLine(later)).isGreaterThan(lastLine(earlier));
            assertThat(browser.await(By.cssSelector("#job-summary [data-field='State']")).getText())
                    .isEqualTo("Running");
            browser.screenshot("job-detail-log");
        }
    }

    /** The highest "line N" the task has printed so far. */
    private static int lastLine(String log) {
        return log.lines().filter(line -> line.matches("line \\d+"))
                .mapToInt(line -> Integer.parseInt(line.substring(5))).max().orElse(0);
    }

    private void submit(String user, String yaml) throws Exception {
        String token = tokens.issue(user, ApiToken.Kind.APPLICATION, "test", Optional.empty()).value();
        HttpResponse<String> submitted = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/api/v2/jobs"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "text/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(yaml)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
    }
}
