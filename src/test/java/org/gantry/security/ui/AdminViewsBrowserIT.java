package org.gantry.security.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The administrator's views as a browser shows them, wide and phone-sized. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminViewsBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void the_admin_views_render_with_their_actions_wide_and_narrow() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient.newUser(port, "listed"); // at least one user besides the administrator, with a Disable button
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "admin-test-password");
            browser.await(By.id("job-list"));

            browser.open("/admin/ssh-hosts");
            // Nothing selected: nothing to delete.
            assertThat(browser.await(By.id("delete-ssh-host")).getDomAttribute("disabled")).isNotNull();
            browser.screenshot("admin-ssh-hosts");
            browser.open("/admin/groups");
            browser.await(By.id("group-members"));
            browser.screenshot("admin-groups");
            browser.open("/admin/virtual-clusters");
            assertThat(browser.await(By.tagName("vaadin-grid")).getText()).doesNotContain("∞");
            browser.screenshot("admin-virtual-clusters");
            browser.open("/admin/users");
            browser.await(By.id("new-user"));
            browser.screenshot("admin-users");

            browser.width(420);
            // Bug: at 420 px the users table scrolled sideways with every row's actions off-screen, and the
            // tables below a form shrank to a sliver.
            for (String view : new String[] {"users", "groups", "virtual-clusters", "ssh-hosts"}) {
                browser.open("/admin/" + view);
                WebElement grid = browser.await(By.tagName("vaadin-grid"));
                browser.awaitFitsWidth();
                assertThat(grid.getRect().getHeight()).as(view + "'s table height").isGreaterThanOrEqualTo(200);
                if (view.equals("users")) {
                    // Any other user's row: with the users of other tests in the database, this test's
                    // own user may lie below the rows the grid has drawn.
                    browser.assertOnScreen("vaadin-grid vaadin-button[id^='toggle-']");
                }
                browser.screenshot("admin-" + view + "-420");
            }
        }
    }
}
