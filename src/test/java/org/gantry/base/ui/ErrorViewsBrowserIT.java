package org.gantry.base.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.gantry.job.JobRows;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class ErrorViewsBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void unknown_urls_and_refused_views_show_a_page_in_the_app_shell_with_a_way_home(CapturedOutput output) {
        // Regression: an unknown URL or a refused view showed Vaadin's bare "Could not navigate to …" page.
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String erin = new JobRows(jdbc).user("erin");
        try (Browser browser = new Browser(port)) {
            browser.signIn(erin, JobRows.PASSWORD);
            browser.await(By.id("job-list"));

            browser.open("/no-such-page");
            assertThat(browser.await(By.id("not-found")).getText()).contains("Page not found")
                    .contains("/no-such-page");
            assertThat(browser.await(By.id("current-user")).getText()).isEqualTo(erin);
            browser.screenshot("not-found");
            browser.width(420);
            browser.screenshot("not-found-420");
            browser.width(1400);

            browser.open("/job-detail/" + erin + "~never-submitted");
            assertThat(browser.await(By.id("not-found")).getText()).contains("No job " + erin + "~never-submitted");

            browser.open("/admin/users");
            assertThat(browser.await(By.id("access-denied")).getText()).contains("No access")
                    .contains("/admin/users");
            assertThat(browser.driver.findElements(By.id("new-user"))).isEmpty();
            browser.screenshot("access-denied");
            browser.await(By.id("error-home")).click();
            browser.await(By.id("job-list"));

            // a view meeting a database shutting down (raised by a test view: the database stays up)
            browser.open("/test/outage/shutdown");
            assertThat(browser.await(By.id("database-unavailable")).getText()).contains("Database unreachable")
                    .contains("The database is not reachable; Gantry retries");
            assertThat(browser.await(By.id("current-user")).getText()).isEqualTo(erin);
            browser.screenshot("database-unavailable");
            browser.width(420);
            browser.screenshot("database-unavailable-420");
            browser.width(1400);
        }
        assertThat(output.getOut()).contains("Refused view /admin/users to user '" + erin + "'");
    }
}
