package org.gantry.marketplace.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.MarketTemplates;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The marketplace's main path as people click it: a user saves a job as a template and
 * submits it for review, an administrator approves it, another user finds it by a word of
 * its description and runs it; the job records the version.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MarketplaceBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void a_saved_template_is_reviewed_found_and_run_by_another_user() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient alice = RestClient.newUser(port, "alice");
        RestClient bob = RestClient.newUser(port, "bob");
        String aliceName = alice.username();
        String bobName = bob.username();
        String job = "digits-" + Long.toString(System.nanoTime() % 100_000_000L, 36);
        alice.submit(MarketTemplates.echoing(job, "epochs", "2"));
        String word = "handwriting" + job.replaceAll("[^a-z]", "");
        String item = "tpl-" + job;

        try (Browser browser = new Browser(port)) {
            browser.signIn(aliceName, "pw-" + aliceName);
            browser.await(By.id("current-user"));
            browser.open("/job-detail/" + aliceName + "~" + job);
            browser.await(By.id("save-as-template")).click();
            WebElement name = browser.await(By.cssSelector("#template-name input"));
            name.clear();
            name.sendKeys(item);
            browser.await(By.id("template-save")).click();
            browser.await(By.id("market-item"));
            browser.await(By.id("item-new-version")).click();
            browser.await(By.id("version-visibility")).click();
            browser.await(By.xpath("//vaadin-select-item[contains(., 'Public')]")).click();
            browser.scrolledTo(By.cssSelector("#version-description textarea")).sendKeys("Classifies " + word + " digits.");
            browser.scrolledTo(By.cssSelector("#version-changelog input")).sendKeys("Describe it and share it");
            browser.await(By.id("version-save")).click();
            awaitText(browser, By.id("item-status"), "Waiting for review");
            browser.screenshot("marketplace-item-pending");
        }

        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", RestClient.ADMIN_PASSWORD);
            browser.await(By.id("current-user"));
            browser.open("/admin/marketplace-review");
            browser.await(By.id("market-review"));
            browser.screenshot("marketplace-review");
            browser.await(By.id("approve-" + item)).click();
            browser.await(By.id("review-empty"));
        }

        try (Browser browser = new Browser(port)) {
            browser.signIn(bobName, "pw-" + bobName);
            browser.await(By.id("current-user"));
            browser.open("/marketplace");
            browser.await(By.cssSelector("#market-search input")).sendKeys(word);
            // the settled results: the card shows the word of the description it was found by, marked
            assertThat(browser.await(By.cssSelector("[data-item='" + item + "'] mark")).getText()).isEqualTo(word);
            browser.screenshot("marketplace-search");
            browser.width(420);
            browser.screenshot("marketplace-search-420");
            browser.width(1280);
            // The results are drawn again as the search settles and the width changes: find the card anew.
            new WebDriverWait(browser.driver, Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class)
                    .until(d -> {
                        d.findElement(By.cssSelector("[data-item='" + item + "'] a")).click();
                        return true;
                    });
            browser.await(By.id("item-description"));
            browser.screenshot("marketplace-item");
            browser.width(420);
            browser.screenshot("marketplace-item-420");
            browser.width(1280);
            browser.await(By.id("item-use")).click();
            browser.await(By.id("job-editor"));
            assertThat(browser.await(By.id("editor-origin")).getText()).contains(item + "@2");
            browser.await(By.id("submit")).click();
            awaitText(browser, By.id("template-version"), "version 2");
            browser.screenshot("marketplace-job-from-template");
            String url = browser.driver.getCurrentUrl();
            String created = url.substring(url.indexOf("/job-detail/") + "/job-detail/".length());
            RestClient.Response origin = bob.get("/api/v2/marketplace/jobs/" + created);
            assertThat(origin.json().at("/marketplace/item").asText()).isEqualTo(item);
            assertThat(origin.json().at("/marketplace/version").asInt()).isEqualTo(2);
        }
    }

    @Test
    void every_marketplace_view_at_desktop_and_phone_width() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient admin = RestClient.admin(port);
        String item = "views-" + Long.toString(System.nanoTime() % 100_000_000L, 36);
        admin.postJson("/api/v2/marketplace/items", Map.of("name", item, "displayName", "Lecture 3: attention",
                "type", "file", "summary", "Slides and notes of the third lecture", "description",
                "# Attention\n\nSlides, notes and **exercises**.", "tags", List.of("lecture", "nlp"),
                "visibility", "private"));
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", RestClient.ADMIN_PASSWORD);
            browser.await(By.id("current-user"));
            both(browser, "/marketplace?view=mine&visibility=private", By.cssSelector("[data-item='" + item + "']"),
                    "marketplace-mine-private");
            both(browser, "/marketplace?view=updates", By.id("market-empty"), "marketplace-updates-empty");
            both(browser, "/marketplace/item/" + item, By.id("item-history"), "marketplace-item-admin");
            browser.await(By.id("item-new-version")).click();
            browser.await(By.id("version-changelog"));
            browser.screenshot("marketplace-edit-dialog");
            browser.width(420);
            browser.screenshot("marketplace-edit-dialog-420");
            browser.width(1400);
            browser.open("/marketplace");
            browser.await(By.id("market-publish")).click();
            browser.await(By.id("publish-git-url"));
            browser.screenshot("marketplace-publish-dialog");
            browser.width(420);
            browser.screenshot("marketplace-publish-dialog-420");
            browser.width(1400);
            both(browser, "/admin/marketplace-review", By.id("market-categories"), "marketplace-review-categories");
        }
    }

    /** Opens the page at 1400 px and 420 px, a screenshot at each. */
    private static void both(Browser browser, String path, By shown, String name) {
        browser.width(1400);
        browser.open(path);
        browser.await(shown);
        browser.screenshot(name);
        browser.width(420);
        browser.await(shown);
        browser.screenshot(name + "-420");
        browser.width(1400);
    }

    private static void awaitText(Browser browser, By locator, String text) {
        new WebDriverWait(browser.driver, Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElement(locator).getText().contains(text));
    }
}
