package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.gantry.job.JobRows;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** A job fails on a missing module; its page says so above the tabs and offers the fix as a clone. */
@RuntimeSpringTest
class DiagnosticsBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void the_job_page_shows_the_diagnosis_and_its_one_click_fix() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String frank = new JobRows(jdbc).user("frank");
        RestClient client = RestClient.anonymous(port).login(frank, JobRows.PASSWORD);
        String name = client.submit(RuntimeJobs.job(RuntimeJobs.name("train"), "",
                "python3 -c 'import no_such_module_xyz'"));
        RuntimeJobs.await(client, frank, name, RuntimeJobs.ended(), Duration.ofSeconds(90));

        try (Browser browser = new Browser(port)) {
            browser.signIn(frank, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.open("/job-detail/" + frank + "~" + name);
            WebElement banner = browser.await(By.id("failure-banner"));
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> banner.isDisplayed());
            assertThat(banner.getText()).contains("no_such_module_xyz").contains("deps.pip")
                    .contains("Task main-0").contains("job attempt 0, task attempt 0")
                    .contains("ModuleNotFoundError: No module named 'no_such_module_xyz'");
            browser.screenshot("diagnostics-banner");
            browser.width(420);
            browser.screenshot("diagnostics-banner-420");
            browser.width(1280);

            // a click through JavaScript: dev mode's notification may cover the link
            ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript("arguments[0].click()",
                    browser.await(By.id("failure-fix")));
            new WebDriverWait(browser.driver, Duration.ofSeconds(30))
                    .until(d -> d.getPageSource().contains("no_such_module_xyz"));
            browser.screenshot("diagnostics-fix-in-clone");
        }
    }

    @Test
    void the_job_list_says_why_each_failed_job_failed() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String grace = new JobRows(jdbc).user("grace");
        RestClient client = RestClient.anonymous(port).login(grace, JobRows.PASSWORD);
        String failed = client.submit(RuntimeJobs.job(RuntimeJobs.name("nomodule"), "",
                "python3 -c 'import no_such_module_xyz'"));
        String succeeded = client.submit(RuntimeJobs.job(RuntimeJobs.name("fine"), "", "true"));
        RuntimeJobs.await(client, grace, failed, RuntimeJobs.ended(), Duration.ofSeconds(90));
        RuntimeJobs.await(client, grace, succeeded, RuntimeJobs.ended(), Duration.ofSeconds(90));

        try (Browser browser = new Browser(port)) {
            browser.width(1400);
            browser.signIn(grace, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> d.getPageSource()
                    .contains("PythonModuleNotFound: "));
            String page = browser.driver.getPageSource();
            assertThat(page).contains("PythonModuleNotFound: ").contains("no_such_module_xyz");
            assertThat(browser.driver.findElements(By.className("job-reason")).stream().map(WebElement::getText)
                    .filter(t -> !t.isBlank()).toList()).as("only the failed job has a reason").hasSize(1);
            browser.screenshot("job-list-reasons-1400");
            browser.width(420);
            browser.driver.navigate().refresh();
            browser.await(By.id("job-list"));
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> d.getPageSource().contains(failed));
            browser.screenshot("job-list-reasons-420");
        }
    }
}
