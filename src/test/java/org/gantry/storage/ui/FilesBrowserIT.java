package org.gantry.storage.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The Files view in Chromium, at full width and at a phone's, with a file the user uploaded over REST. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FilesBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void the_files_view_lists_the_users_personal_storage() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        RestClient user = RestClient.newUser(port, "files");
        assertThat(user.put("/api/v2/storages/home/files/notes/readme.txt", "text/plain", "hello").status())
                .isBetween(200, 201);

        try (Browser browser = new Browser(port)) {
            browser.signIn(user.username(), "pw-" + user.username());
            browser.await(By.id("current-user"));
            browser.open("/files");
            browser.await(By.xpath("//*[contains(text(), 'notes')]"));
            browser.screenshot("files");
            browser.width(420);
            browser.screenshot("files-420");
        }
    }
}
