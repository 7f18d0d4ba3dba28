package org.gantry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class LoginBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void wrong_password_is_refused_and_logged_without_the_password(CapturedOutput output) {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "not-the-Password-42");
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> Boolean.TRUE.equals(
                    ((JavascriptExecutor) d).executeScript("const f = document.querySelector('vaadin-login-form'); return f != null && f.error")));
            browser.screenshot("login-error");
            assertThat(browser.driver.getCurrentUrl()).contains("/login");
            // Regression: a failed attempt cleared the username field.
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> "admin".equals(
                    ((JavascriptExecutor) d).executeScript(
                            "return document.querySelector('vaadin-login-form input[name=username]').value")));
            browser.width(420);
            browser.screenshot("login-error-420");
        }
        assertThat(output.getOut()).contains("Login failed for user 'admin'").doesNotContain("not-the-Password-42");
    }

    @Test
    void a_sign_in_stopped_by_the_rate_limit_says_when_to_try_again() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.awaitFirstPage("/login?blocked=42", By.cssSelector("vaadin-login-form input[name='username']"));
            JavascriptExecutor js = (JavascriptExecutor) browser.driver;
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> Boolean.TRUE.equals(js.executeScript(
                    "const f = document.querySelector('vaadin-login-form'); return f != null && f.error")));
            Object shown = js.executeScript("const f = document.querySelector('vaadin-login-form');"
                    + " return f.i18n.errorMessage.title + ' / ' + f.i18n.errorMessage.message");
            browser.screenshot("login-blocked");
            assertThat(shown).asString().startsWith("Too many attempts").contains("Try again in 42 s.");
        }
    }

    @Test
    void admin_signs_in_and_sees_the_job_list() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "admin-test-password");
            browser.await(By.id("job-list"));
            assertThat(browser.await(By.id("current-user")).getText()).isEqualTo("admin");
            browser.screenshot("job-list");
        }
    }
}
