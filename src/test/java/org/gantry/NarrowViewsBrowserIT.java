package org.gantry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Files, the marketplace, My usage and the storage and failure-catalogue admin views at a phone's
 * width: nothing scrolls sideways and every action stays on screen. Screenshots at 1400 and 420 px.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class NarrowViewsBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void a_users_files_marketplace_and_usage_fit_a_phone_with_their_actions_on_screen() {
        // Bug: at 420 px the Files view's row actions (download, paths, rename, delete) were off-screen to the right.
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient user = RestClient.newUser(port, "narrow");
        assertThat(user.put("/api/v2/storages/home/files/results/training-run-2026-12-01-final-metrics.csv",
                "text/csv", "epoch,loss\n1,0.5\n").status()).isBetween(200, 201);

        try (Browser browser = new Browser(port)) {
            browser.signIn(user.username(), "pw-" + user.username());
            browser.await(By.id("current-user"));
            for (int width : new int[] {1400, 420}) {
                browser.width(width);
                browser.open("/files");
                browser.await(By.xpath("//vaadin-button[contains(., 'results')]")).click();
                browser.await(By.xpath("//vaadin-button[contains(., 'final-metrics.csv')]"));
                browser.awaitFitsWidth();
                browser.assertOnScreen("vaadin-grid vaadin-button[aria-label='Delete']");
                browser.assertOnScreen("vaadin-grid vaadin-button[aria-label='Rename']");
                browser.screenshot("files-" + width);

                browser.open("/marketplace");
                browser.await(By.id("market-search"));
                browser.awaitFitsWidth();
                browser.screenshot("marketplace-" + width);

                browser.open("/usage");
                browser.await(By.id("daily-usage"));
                browser.awaitFitsWidth();
                browser.screenshot("usage-" + width);
            }
        }
    }

    @Test
    void the_storage_and_failure_catalogue_admin_views_fit_a_phone() {
        // Bug: at 420 px the storage and failure-catalogue tables scrolled sideways, hiding their columns.
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "admin-test-password");
            browser.await(By.id("current-user"));
            for (int width : new int[] {1400, 420}) {
                browser.width(width);
                browser.open("/admin/storages");
                browser.await(By.tagName("vaadin-grid"));
                browser.awaitFitsWidth();
                browser.assertOnScreen("vaadin-button#save-storage");
                browser.screenshot("admin-storages-" + width);

                browser.open("/admin/failure-patterns");
                // Bug: the catalogue's table, above a long form, shrank to a single row.
                assertThat(browser.await(By.id("failure-patterns")).getRect().getHeight()).isGreaterThanOrEqualTo(200);
                browser.awaitFitsWidth();
                browser.assertOnScreen("vaadin-button#save-pattern");
                browser.screenshot("admin-failure-patterns-" + width);
            }
        }
    }
}
