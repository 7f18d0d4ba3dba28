package org.gantry.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Debian's headless Chromium driven through Debian's chromedriver; never downloads a browser. */
public final class Browser implements AutoCloseable {

    private static final Duration FIRST_PAGE_TIMEOUT = Duration.ofMinutes(8);

    public final WebDriver driver;
    private final String baseUrl;

    public Browser(int port) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-quic", "--window-size=1400,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().build();
        this.driver = new ChromeDriver(service, options);
        this.baseUrl = "http://localhost:" + port;
    }

    /** True when Debian's chromium and chromedriver are installed (.ci/run installs them). */
    public static boolean available() {
        return Files.isExecutable(Path.of("/usr/bin/chromium")) && Files.isExecutable(Path.of("/usr/bin/chromedriver"));
    }

    public void open(String path) {
        driver.get(baseUrl + path);
    }

    /** Sets the window's width, e.g. 420 for a phone-sized window; the height stays 900. */
    public void width(int pixels) {
        driver.manage().window().setSize(new Dimension(pixels, 900));
    }

    public WebElement await(By locator) {
        return new WebDriverWait(driver, Duration.ofSeconds(60))
                .until(ExpectedConditions.visibilityOfElementLocated(locator));
    }

    /**
     * An element present in the page, scrolled to the middle of its scrolling container first: a field below the
     * fold of a dialog's scrolling content is not "visible" to WebDriver until it is scrolled to.
     */
    public WebElement scrolledTo(By locator) {
        WebElement element = new WebDriverWait(driver, Duration.ofSeconds(60))
                .until(ExpectedConditions.presenceOfElementLocated(locator));
        ((JavascriptExecutor) driver)
                .executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
        return await(locator);
    }

    public void signIn(String username, String password) {
        WebElement user = awaitFirstPage("/login", By.cssSelector("vaadin-login-form input[name='username']"));
        user.sendKeys(username);
        WebElement pass = driver.findElement(By.cssSelector("vaadin-login-form input[name='password']"));
        pass.sendKeys(password, Keys.ENTER);
    }

    /**
     * Opens {@code path} and waits for {@code locator}, reloading now and then: in a fresh checkout
     * the first page waits for Vaadin to build its development bundle (npm install and Vite),
     * which takes minutes when the project adds npm packages.
     */
    public WebElement awaitFirstPage(String path, By locator) {
        long deadline = System.nanoTime() + FIRST_PAGE_TIMEOUT.toNanos();
        while (true) {
            open(path);
            try {
                return new WebDriverWait(driver, Duration.ofSeconds(30))
                        .until(ExpectedConditions.visibilityOfElementLocated(locator));
            } catch (TimeoutException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }

    /**
     * Waits until the page and every grid in it fit the window's width (a view learns the width a round trip after
     * it is drawn) and fails saying what scrolls sideways if they never do.
     */
    public void awaitFitsWidth() {
        String script = "const doc = document.documentElement;"
                + " if (doc.scrollWidth > doc.clientWidth) return 'the page scrolls sideways';"
                + " for (const g of document.querySelectorAll('vaadin-grid')) { const t = g.$.table;"
                + "   if (t.scrollWidth > t.clientWidth + 1) return 'grid ' + (g.id || '') + ' scrolls sideways'; }"
                + " return 'fits';";
        JavascriptExecutor js = (JavascriptExecutor) driver;
        try {
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> "fits".equals(js.executeScript(script)));
        } catch (TimeoutException e) {
            throw new AssertionError(driver.getCurrentUrl() + ": " + js.executeScript(script));
        }
    }

    /** Fails unless the first element matching {@code css} lies within the window's width and its grid's, if any. */
    public void assertOnScreen(String css) {
        await(By.cssSelector(css));
        Object inside = ((JavascriptExecutor) driver).executeScript("const e = document.querySelector(arguments[0]);"
                + " const r = e.getBoundingClientRect(); const g = e.closest('vaadin-grid');"
                + " const right = Math.min(window.innerWidth, g ? g.getBoundingClientRect().right : Infinity);"
                + " return r.width > 0 && r.left >= 0 && r.right <= right", css);
        if (!Boolean.TRUE.equals(inside)) {
            throw new AssertionError(css + " is not within the window's width at " + driver.getCurrentUrl());
        }
    }

    /** Saves a screenshot under target/screenshots for people to look at. */
    public void screenshot(String name) {
        try {
            Path dir = Path.of("target", "screenshots");
            Files.createDirectories(dir);
            byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
            Files.write(dir.resolve(name + ".png"), png);
        } catch (Exception e) {
            // A missing screenshot must not fail the test it illustrates.
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
