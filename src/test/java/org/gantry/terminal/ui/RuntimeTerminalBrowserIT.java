package org.gantry.terminal.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Start a job, click Connect on its running task, type, see the task's environment answer. */
@RuntimeSpringTest
class RuntimeTerminalBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void connect_opens_the_running_tasks_shell_in_the_browser() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient owner = RestClient.newUser(port, "click");
        String user = owner.username();
        String job = RuntimeJobs.name("browser");
        assertThat(owner.postYaml("/api/v2/jobs", RuntimeJobs.job(job, "", "sleep 300")).status()).isEqualTo(202);
        RuntimeJobs.await(owner, user, job, RuntimeJobs.state("RUNNING"), Duration.ofSeconds(90));

        try (Browser browser = new Browser(port)) {
            browser.signIn(user, "pw-" + user);
            browser.await(By.id("current-user"));
            browser.open("/job-detail/" + user + "~" + job);
            browser.await(By.id("connect-main-0")).click();
            browser.await(By.cssSelector("gantry-terminal[state='open']"));
            browser.driver.findElement(By.cssSelector("gantry-terminal .xterm-helper-textarea"))
                    .sendKeys("echo \"job is $GANTRY_JOB_NAME\"\n");
            awaitText(browser, "job is " + job);
            browser.screenshot("terminal-connect");

            owner.putJson("/api/v2/jobs/" + user + "~" + job + "/executionType", Map.of("value", "STOP"));
            browser.await(By.cssSelector("gantry-terminal[state='ended']"));
            awaitText(browser, "closing this terminal");
        }
    }

    private static void awaitText(Browser browser, String text) {
        new WebDriverWait(browser.driver, Duration.ofSeconds(60)).until(d -> String.valueOf(((JavascriptExecutor) d)
                .executeScript("return document.querySelector('gantry-terminal').screenText")).contains(text));
    }
}
