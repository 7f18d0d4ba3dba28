package org.gantry.terminal.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A real job whose task serves its directory with {@code python3 -m http.server} on the port
 * reserved for it: the job page links "Open port N", and Chromium opens the task's page through
 * the browser proxy with the login session.
 */
@RuntimeSpringTest
class PortProxyBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void the_job_page_opens_the_tasks_web_server_through_the_proxy() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient owner = RestClient.newUser(port, "web");
        String user = owner.username();
        String job = RuntimeJobs.name("notebook");
        assertThat(owner.postYaml("/api/v2/jobs", RuntimeJobs.job(job,
                "resourcePerInstance: {cpu: 1, memoryMB: 256, gpu: 0, ports: {http: 1}}",
                "echo \"<h1>Served by $PAI_JOB_NAME</h1>\" > index.html",
                "exec python3 -m http.server $PAI_CONTAINER_HOST_http_PORT_LIST --bind 127.0.0.1")).status())
                .isEqualTo(202);
        RuntimeJobs.await(owner, user, job, RuntimeJobs.state("RUNNING"), Duration.ofSeconds(90));

        try (Browser browser = new Browser(port)) {
            browser.signIn(user, "pw-" + user);
            browser.await(By.id("current-user"));
            browser.open("/job-detail/" + user + "~" + job);
            WebElement link = browser.await(By.cssSelector("a[id^='port-main-0-']"));
            assertThat(link.getText()).startsWith("Open port ");
            assertThat(link.getAttribute("href")).contains("/jobs/" + user + "~" + job + "/proxy/main/0/");
            browser.screenshot("port-proxy-job-page");
            browser.width(420);
            browser.await(By.cssSelector("a[id^='port-main-0-']"));
            browser.screenshot("port-proxy-job-page-phone");
            browser.width(1400);

            String jobPage = browser.driver.getWindowHandle();
            browser.await(By.cssSelector("a[id^='port-main-0-']")).click();
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> d.getWindowHandles().size() > 1);
            List<String> windows = new ArrayList<>(browser.driver.getWindowHandles());
            windows.remove(jobPage);
            browser.driver.switchTo().window(windows.get(0));
            new WebDriverWait(browser.driver, Duration.ofSeconds(60))
                    .until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), "Served by " + job));
            assertThat(browser.driver.getCurrentUrl()).contains("/jobs/" + user + "~" + job + "/proxy/main/0/");
            browser.screenshot("port-proxy-task-page");
            browser.width(420);
            browser.screenshot("port-proxy-task-page-phone");

            // a port the task does not own: Gantry's own page says why, with the way back
            browser.width(1400);
            browser.open("/jobs/" + user + "~" + job + "/proxy/main/0/1/");
            assertThat(browser.await(By.id("proxy-error")).getText()).contains("Nothing in task", "listens on port 1");
            browser.screenshot("port-proxy-refused");
            browser.width(420);
            browser.screenshot("port-proxy-refused-phone");
        } finally {
            owner.putJson("/api/v2/jobs/" + user + "~" + job + "/executionType", Map.of("value", "STOP"));
        }
    }
}
