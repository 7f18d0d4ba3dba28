package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobViewsBrowserIT {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;


    @Test
    void star_a_job_in_the_list_find_it_in_starred_and_open_it() {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        JobRows rows = new JobRows(jdbc);
        String carol = rows.user("carol");
        String dave = rows.user("dave");
        Instant now = Instant.now();
        rows.job(carol, "mnist-baseline", "default", JobState.SUCCEEDED, now.minusSeconds(7200));
        rows.job(carol, "mnist-sweep-lr", "default", JobState.FAILED, now.minusSeconds(3600));
        rows.job(carol, "resnet50-imagenet", "default", JobState.RUNNING, now.minusSeconds(600));
        rows.job(carol, "bert-finetune", "default", JobState.WAITING, now.minusSeconds(60));
        long shared = rows.job(dave, "shared-dataset-prep", "default", JobState.RUNNING, now.minusSeconds(300));
        rows.tag(shared, "dataset");
        rows.tag(shared, "v2");

        try (Browser browser = new Browser(port)) {
            browser.signIn(carol, JobRows.PASSWORD);
            browser.await(By.id("job-list"));
            browser.await(By.id("job-" + carol + "~bert-finetune"));
            browser.screenshot("job-list-mine");

            browser.open("/?scope=all&user=" + dave);
            browser.await(By.id("star-" + dave + "~shared-dataset-prep")).click();
            // The grid re-renders the row when the star lands, replacing the element found before.
            new WebDriverWait(browser.driver, Duration.ofSeconds(30))
                    .ignoring(StaleElementReferenceException.class).until(d -> "true".equals(
                    d.findElement(By.id("star-" + dave + "~shared-dataset-prep")).getDomAttribute("data-starred")));
            browser.screenshot("job-list-all-starred");
            // the name, state and tag cells are Lit templates: their markup reaches the page as written
            assertThat(browser.driver.findElements(By.cssSelector("vaadin-grid-cell-content span[theme='badge']"))
                    .stream().map(WebElement::getText)).contains("dataset", "v2");
            assertThat(browser.driver.findElement(By.cssSelector("vaadin-grid-cell-content span[data-state]"))
                    .getText()).isEqualTo("Running");
            assertThat(browser.driver.findElement(By.id("job-" + dave + "~shared-dataset-prep")).getDomAttribute("href"))
                    .isEqualTo("job-detail/" + dave + "~shared-dataset-prep");

            browser.open("/starred");
            browser.await(By.id("starred-list"));
            browser.await(By.id("job-" + dave + "~shared-dataset-prep")).click();
            browser.await(By.id("job-summary"));
            assertThat(browser.await(By.id("detail-star")).getDomAttribute("data-starred")).isEqualTo("true");
            assertThat(browser.driver.getCurrentUrl()).endsWith("/job-detail/" + dave + "~shared-dataset-prep");
            browser.await(By.id("task-table"));
            browser.screenshot("job-detail");
        }
    }

    @Test
    void on_a_phone_sized_window_the_job_list_shows_a_column_subset_and_never_scrolls_sideways() {
        // Regression: at 420 px the job list scrolled sideways, its headers cut off ("St…", "Submit…").
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        JobRows rows = new JobRows(jdbc);
        String gina = rows.user("gina");
        Instant now = Instant.now();
        long tagged = rows.job(gina, "a-job-with-a-rather-long-name-for-a-phone", "default", JobState.RUNNING,
                now.minusSeconds(600));
        rows.tag(tagged, "sweep");
        rows.job(gina, "mnist", "default", JobState.SUCCEEDED, now.minusSeconds(60));

        try (Browser browser = new Browser(port)) {
            browser.width(420);
            browser.signIn(gina, JobRows.PASSWORD);
            browser.await(By.id("job-" + gina + "~mnist"));
            JavascriptExecutor js = (JavascriptExecutor) browser.driver;
            // The selection boxes, the star, the name and the state (wide, also user, cluster, submitted,
            // duration, retries, the failure reason and tags).
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> shownColumns(js) == 4);
            browser.screenshot("job-list-420");
            assertThat(js.executeScript("return document.documentElement.scrollWidth"
                    + " <= document.documentElement.clientWidth")).isEqualTo(true);
            assertThat(js.executeScript("const t = document.querySelector('#job-list').$.table;"
                    + " return t.scrollWidth <= t.clientWidth")).isEqualTo(true);
            assertThat(js.executeScript("return document.querySelector('vaadin-app-layout').drawerOpened"))
                    .isEqualTo(false);

            browser.width(1400);
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d -> shownColumns(js) == 11);
            browser.screenshot("job-list-1400");
            browser.open("/?keyword=nothing-has-this-name");
            browser.await(By.id("empty-new-job"));
            browser.screenshot("job-list-empty");

            // The side navigation and the empty list's links are plain HTML on the server: they still
            // navigate inside the page (no reload: the marker stays) and the menu marks where it is.
            js.executeScript("window.notReloaded = true");
            browser.await(By.id("empty-template-hello-world")).click();
            browser.await(By.id("yaml-editor"));
            assertThat(browser.driver.getCurrentUrl()).endsWith("/jobs/new?template=hello-world");
            browser.await(By.xpath("//vaadin-side-nav-item[normalize-space()='Starred']")).click();
            browser.await(By.id("starred-list"));
            assertThat(browser.driver.getCurrentUrl()).endsWith("/starred");
            assertThat(browser.driver.findElement(By.xpath("//vaadin-side-nav-item[normalize-space()='Starred']"))
                    .getDomAttribute("current")).isNotNull();
            assertThat(js.executeScript("return window.notReloaded === true")).isEqualTo(true);
        }
    }

    private static long shownColumns(JavascriptExecutor js) {
        return (Long) js.executeScript("return [...document.querySelectorAll('#job-list > vaadin-grid-column,"
                + " #job-list > vaadin-grid-flow-selection-column')].filter(c => !c.hidden).length");
    }
}
