package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.gantry.security.GroupService;
import org.gantry.security.UserService;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
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

    // at 420 px the editor was squeezed to nothing and "No problems found" overlapped the form
    @Test
    void on_a_phone_sized_window_the_panes_stack_and_the_problems_panel_jumps_steps_and_fixes() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        EditorTestAccounts.ensureUser(users, groups, "editor-narrow");
        try (Browser browser = new Browser(port)) {
            WebDriverWait wait = new WebDriverWait(browser.driver, Duration.ofSeconds(90));
            wait.ignoring(StaleElementReferenceException.class);
            browser.signIn("editor-narrow", EditorTestAccounts.PASSWORD);
            browser.await(By.id("current-user"));
            browser.driver.manage().window().setSize(new Dimension(420, 900));
            browser.open("/jobs/new?template=hello-world");
            WebElement host = browser.await(By.cssSelector("gantry-yaml-editor"));
            SearchContext editor = host.getShadowRoot();
            WebElement content = wait.until(d -> editor.findElement(By.cssSelector(".cm-content")));
            wait.until(d -> content.getText().contains("Hello from task"));
            WebElement summary = browser.await(By.id("lint-summary"));
            wait.until(d -> summary.getText().equals("No problems found"));

            WebElement form = browser.driver.findElement(By.id("job-form"));
            assertThat(host.getRect().getWidth()).isGreaterThan(300);
            assertThat(host.getRect().getHeight()).isGreaterThan(250);
            assertThat(summary.getRect().getY() + summary.getRect().getHeight()).isLessThanOrEqualTo(
                    form.getRect().getY());
            assertThat(form.getRect().getWidth()).isGreaterThan(300);
            browser.screenshot("editor-narrow");

            ((JavascriptExecutor) browser.driver).executeScript("const v = arguments[0]._view;"
                    + " v.dispatch({ changes: { from: v.state.doc.length,"
                    + " insert: '      - echo \"$NEVER_SET\"\\n      - echo \"before: $HOME\"\\n' } });", host);
            WebElement unset = wait.until(d -> problem(d, "undefined-variable"));
            WebElement mapping = wait.until(d -> problem(d, "type-mismatch"));
            assertThat(unset.getText()).startsWith("14:15").contains("NEVER_SET");
            assertThat(mapping.getText()).startsWith("15:9").contains("quote the line");
            browser.screenshot("editor-narrow-problems");
            browser.driver.manage().window().setSize(new Dimension(1400, 900));
            wait.until(d -> host.getRect().getWidth() > 700);
            browser.screenshot("editor-wide-problems");
            // Bug: beside the YAML, the form's pane scrolled sideways by a few pixels, cutting off its fields' edges.
            assertThat(((JavascriptExecutor) browser.driver).executeScript(
                    "const side = document.querySelector('.job-editor-side'); const box = side.getBoundingClientRect();"
                    + " const inner = box.right - (side.offsetWidth - side.clientWidth);"
                    + " const fields = [...side.querySelectorAll('vaadin-text-field, vaadin-select, vaadin-text-area')];"
                    + " return side.offsetHeight - side.clientHeight <= 1 && fields.length > 0"
                    + " && fields.every(f => f.getBoundingClientRect().right <= inner + 1)")).isEqualTo(true);
            browser.driver.manage().window().setSize(new Dimension(420, 900));
            wait.until(d -> host.getRect().getWidth() < 420);

            click(browser, mapping.findElement(By.cssSelector(".problem-message")));
            wait.until(d -> "true".equals(mapping.getAttribute("aria-current")));
            wait.until(d -> cursorLine(browser, host) == 15);

            new Actions(browser.driver).sendKeys(Keys.F8).perform();
            wait.until(d -> cursorLine(browser, host) == 14);
            new Actions(browser.driver).keyDown(Keys.SHIFT).sendKeys(Keys.F8).keyUp(Keys.SHIFT).perform();
            wait.until(d -> cursorLine(browser, host) == 15);

            click(browser, mapping.findElement(By.xpath(".//vaadin-button[contains(., 'Quote the line')]")));
            wait.until(d -> content.getText().contains("- 'echo \"before: $HOME\"'"));
            // the panel is drawn anew on every lint, so a button found may be gone by the time it is read or clicked
            wait.until(d -> {
                try {
                    WebElement env = d.findElements(By.cssSelector("#problem-list vaadin-button")).stream()
                            .filter(b -> b.getText().equals("Add NEVER_SET to deps.env")).findFirst().orElse(null);
                    if (env == null) {
                        return false;
                    }
                    click(browser, env);
                    return true;
                } catch (StaleElementReferenceException e) {
                    return false;
                }
            });
            wait.until(d -> summary.getText().equals("No problems found"));
            assertThat(content.getText()).contains("NEVER_SET: \"\"");
            browser.screenshot("editor-narrow-fixed");
            click(browser, browser.driver.findElement(By.id("plan")));
            wait.until(d -> !d.findElements(By.cssSelector(".plan-step")).isEmpty());
            browser.screenshot("editor-narrow-plan");
            browser.driver.manage().window().setSize(new Dimension(1400, 900));
            wait.until(d -> host.getRect().getWidth() > 700);
            browser.screenshot("editor-wide-plan");
        }
    }

    /** Clicks an element scrolled to the middle, clear of the development mode's popup at the bottom. */
    private static void click(Browser browser, WebElement element) {
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView({block: 'center'});",
                element);
        element.click();
    }

    /** The problems panel's row of the finding with this code, if it lists one. */
    private static WebElement problem(WebDriver driver, String code) {
        return driver.findElements(By.cssSelector("#problem-list .problem[data-code='" + code + "']")).stream()
                .findFirst().orElse(null);
    }

    /** The 1-based line of the editor's cursor (the start of its selection). */
    private static long cursorLine(Browser browser, WebElement host) {
        return (Long) ((JavascriptExecutor) browser.driver).executeScript("const v = arguments[0]._view;"
                + " return v.state.doc.lineAt(v.state.selection.main.from).number;", host);
    }

    /** The first element matching inside the editor's shadow root, once it is displayed. */
    private static WebElement visible(SearchContext editor, String css) {
        return editor.findElements(By.cssSelector(css)).stream().filter(WebElement::isDisplayed).findFirst()
                .orElse(null);
    }
}
