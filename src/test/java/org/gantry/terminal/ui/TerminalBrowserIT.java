package org.gantry.terminal.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalAuditService;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The browser terminal end to end: Chromium, xterm.js, the terminal socket, the SSH gateway
 * and a real shell. The task comes from {@link StandInTaskResolver}, standing in for the
 * runtime's resolver: a real pty as a real account whose environment has GANTRY_JOB_NAME.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TerminalBrowserIT {

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @Autowired
    TerminalAuditService audit;

    @Test
    void the_owner_types_in_a_task_shell_and_it_survives_a_dropped_connection() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String owner = "br" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        TaskRoute route = TaskRoute.of(owner, "train", "worker", 0);
        tasks.running(route, TerminalTestData.localTask("train", Map.of()));

        try (Browser browser = new Browser(port)) {
            browser.signIn(owner, owner + "-password");
            browser.await(By.id("current-user"));
            browser.open("/jobs/" + owner + "~train/terminal/worker/0");
            WebElement terminal = browser.await(By.cssSelector("gantry-terminal[state='open']"));
            type(browser, "echo \"job is $GANTRY_JOB_NAME\"\n");
            awaitText(browser, "job is train");
            // Regression: the size measured while connecting was lost, so bash wrapped at 80 columns.
            assertThat(js(browser, "return document.querySelector('gantry-terminal').screenText").toString())
                    .contains("$ echo \"job is $GANTRY_JOB_NAME\"");
            type(browser, "stty size\n");
            awaitText(browser, js(browser, "const t = document.querySelector('gantry-terminal')._term;"
                    + "return t.rows + ' ' + t.cols").toString());
            assertThat(browser.driver.getCurrentUrl()).contains("?session=");
            browser.screenshot("terminal");

            // A dropped network: the socket closes, the element says so, reconnects and repaints.
            js(browser, "window.__states = []; const t = document.querySelector('gantry-terminal');"
                    + "t.addEventListener('terminal-state', e => window.__states.push(e.detail.state));"
                    + "t._socket.close();");
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d ->
                    js(browser, "return window.__states.join(',')").toString().contains("reconnecting"));
            browser.await(By.cssSelector("gantry-terminal[state='open']"));
            assertThat(js(browser, "return window.__states").toString()).contains("reconnecting", "open");
            awaitText(browser, "job is train");
            type(browser, "echo \"again $((40+2))\"\n");
            awaitText(browser, "again 42");

            // A reload finds the same shell through the URL.
            type(browser, "MARK=kept-$((1+1))\n");
            browser.driver.navigate().refresh();
            browser.await(By.cssSelector("gantry-terminal[state='open']"));
            type(browser, "echo $MARK\n");
            awaitText(browser, "kept-2\n");
            assertThat(terminal).isNotNull();
        }
        List<TerminalAuditEntry> entries = audit.recentOf(owner, 10);
        assertThat(entries).hasSize(1).allSatisfy(entry -> {
            assertThat(entry.getVia()).isEqualTo(TerminalAuditEntry.Via.BROWSER);
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
        });
    }

    private static void type(Browser browser, String text) {
        browser.driver.findElement(By.cssSelector("gantry-terminal .xterm-helper-textarea")).sendKeys(text);
    }

    private static void awaitText(Browser browser, String text) {
        new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d ->
                js(browser, "return document.querySelector('gantry-terminal').screenText").toString().contains(text));
    }

    private static Object js(Browser browser, String script) {
        Object result = ((JavascriptExecutor) browser.driver).executeScript(script);
        return result == null ? "" : result;
    }
}
