package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.gantry.security.GroupService;
import org.gantry.security.UserService;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A person writes a job in the editor, fixes what the linter underlines, and submits it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobEditorBrowserIT {

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    GroupService groups;

    @Test
    void a_misspelled_command_is_underlined_fixed_by_its_quick_fix_and_the_job_submitted() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        EditorTestAccounts.ensureUser(users, groups, "editor-browser");
        try (Browser browser = new Browser(port)) {
            WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(90));
            browser.signIn("editor-browser", EditorTestAccounts.PASSWORD);
            browser.await(By.id("current-user"));
            browser.open("/jobs/new?template=hello-world");
            SearchContext editor = browser.await(By.cssSelector("gantry-yaml-editor")).getShadowRoot();
            WebElement content = wait.until(d -> editor.findElement(By.cssSelector(".cm-content")));
            wait.until(d -> content.getText().contains("Hello from task"));
            browser.screenshot("editor-template");

            content.click();
            content.sendKeys(Keys.chord(Keys.CONTROL, Keys.END));
            content.sendKeys("      - nvidia-smu");
            WebElement underline = wait.until(d -> visible(editor, ".cm-lintRange-warning"));
            assertThat(underline.getText()).isEqualTo("nvidia-smu");
            new Actions(browser.driver).moveToElement(underline).perform();
            WebElement tooltip = wait.until(d -> visible(editor, ".cm-tooltip-lint"));
            assertThat(tooltip.getText()).contains("did you mean nvidia-smi?");
            browser.screenshot("editor-diagnostic");

            tooltip.findElement(By.cssSelector(".cm-diagnosticAction")).click();
            wait.until(d -> content.getText().contains("- nvidia-smi") && !content.getText().contains("nvidia-smu"));
            wait.until(d -> editor.findElements(By.cssSelector(".cm-lintRange-warning")).isEmpty());
            browser.screenshot("editor-fixed");

            browser.driver.findElement(By.id("submit")).click();
            wait.until(ExpectedConditions.urlContains("/job-detail/editor-browser~hello-world-"));
            assertThat(browser.await(By.id("job-detail")).getText()).contains("hello-world-");
            browser.screenshot("editor-submitted");
        }
    }

    @Test
    void a_second_task_role_added_in_the_form_appears_in_the_yaml_and_is_the_one_the_form_edits() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        EditorTestAccounts.ensureUser(users, groups, "editor-roles");
        try (Browser browser = new Browser(port)) {
            WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(90));
            browser.signIn("editor-roles", EditorTestAccounts.PASSWORD);
            browser.await(By.id("current-user"));
            browser.open("/jobs/new?template=distributed-pytorch");
            SearchContext editor = browser.await(By.cssSelector("gantry-yaml-editor")).getShadowRoot();
            WebElement content = wait.until(d -> editor.findElement(By.cssSelector(".cm-content")));
            wait.until(d -> content.getText().contains("torchrun"));

            browser.await(By.id("add-task-role")).click();
            browser.await(By.id("add-task-role-confirm")).click();
            wait.until(d -> content.getText().contains("  role2:"));
            WebElement role = browser.driver.findElement(By.id("task-role"));
            // Flow's Select sends item keys to the browser, so the shown label is what says which role it is
            wait.until(d -> role.getText().contains("role2"));
            assertThat(content.getText()).contains("echo \"Task $PAI_TASK_INDEX of role role2\"");
            browser.screenshot("editor-two-roles");

            content.click();
            content.sendKeys(Keys.chord(Keys.CONTROL, Keys.END));
            content.sendKeys("extras: a: b");
            WebElement note = browser.await(By.id("job-form-note"));
            assertThat(note.getText()).startsWith("The YAML does not read (line ");
            assertThat(role.getText()).contains("role2");
            browser.screenshot("editor-yaml-broken");
        }
    }

    /** The first element matching inside the editor's shadow root, once it is displayed. */
    private static WebElement visible(SearchContext editor, String css) {
        return editor.findElements(By.cssSelector(css)).stream().filter(WebElement::isDisplayed).findFirst()
                .orElse(null);
    }
}
