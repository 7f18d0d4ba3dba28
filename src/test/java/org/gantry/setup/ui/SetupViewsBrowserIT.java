package org.gantry.setup.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Pdf;
import org.openqa.selenium.PrintsPage;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.print.PrintOptions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The setup page and the cheat sheet as a browser shows them, wide and phone-sized, and the sheet printed. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SetupViewsBrowserIT {

    private static final Pattern PAGE = Pattern.compile("/Type\\s*/Page[^s]");

    @LocalServerPort
    int port;

    @Test
    void the_setup_page_and_the_cheat_sheet_render_and_the_sheet_prints_on_one_page() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.signIn("admin", "admin-test-password");
            browser.await(By.id("job-list"));

            browser.open("/setup/cli");
            assertThat(browser.await(By.id("install-command")).getText())
                    .contains("curl -fsSL http://localhost:" + port + "/cli/install.sh | bash");
            browser.await(By.id("create-cli-token")).click();
            assertThat(browser.await(By.id("token-command")).getText()).contains("--token gty_");
            browser.screenshot("setup-cli");
            browser.open("/help/cheat-sheet");
            browser.await(By.id("cheat-sheet"));
            browser.screenshot("cheat-sheet");

            PrintOptions options = new PrintOptions();
            options.setBackground(false);
            Pdf pdf = ((PrintsPage) browser.driver).print(options);
            byte[] bytes = Base64.getDecoder().decode(pdf.getContent());
            Path dir = Files.createDirectories(Path.of("target", "screenshots"));
            Files.write(dir.resolve("cheat-sheet.pdf"), bytes);
            long pages = PAGE.matcher(new String(bytes, StandardCharsets.ISO_8859_1)).results().count();
            assertThat(pages).as("pages of the printed cheat sheet").isEqualTo(1);

            // The page as the printer lays it out: a Letter sheet (8.5 x 11 in at 96 px) less 9 mm margins.
            ((ChromeDriver) browser.driver).executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
            browser.driver.manage().window().setSize(new Dimension(748, 988));
            Number bottom = (Number) ((JavascriptExecutor) browser.driver).executeScript(
                    "return document.getElementById('cheat-sheet').getBoundingClientRect().bottom");
            browser.screenshot("cheat-sheet-print");
            assertThat(bottom.doubleValue()).as("bottom of the printed sheet, px").isLessThanOrEqualTo(988);
            ((ChromeDriver) browser.driver).executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", ""));

            browser.width(420);
            browser.open("/setup/cli");
            browser.await(By.id("add-command"));
            browser.screenshot("setup-cli-420");
            browser.open("/help/cheat-sheet");
            browser.await(By.id("cheat-sheet"));
            browser.screenshot("cheat-sheet-420");
        }
    }
}
