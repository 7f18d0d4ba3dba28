package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskStep;
import org.gantry.job.TaskStep.Status;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.Role;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.KaribuSupport;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** Real jobs on the local executor: their steps as TaskLogs, the job page and REST report them. */
@RuntimeSpringTest
class JobStepsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String FAILING_CALL_BEFORE = "deps:\n  env: {A: \"1\"}\n  bash: [\"true\"]\n"
            + "  callBefore: [\"echo no input here >&2\", \"false\"]";

    @LocalServerPort
    int port;
    @Autowired
    TaskLogs taskLogs;
    @Autowired
    ApplicationContext context;

    RestClient alice;
    String user;

    @BeforeEach
    void signIn() {
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
    }

    private String submit(String yaml) {
        return alice.submit(yaml);
    }

    private Optional<TaskLogs.Steps> steps(String job) {
        return TestSecurity.as(user, Role.USER, () -> taskLogs.steps(user, job, "main", 0, Optional.empty()));
    }

    @Test
    void a_failing_call_before_is_reported_with_its_exit_code_and_stderr_and_the_task_as_skipped() throws Exception {
        String name = submit(job(name("steps"), FAILING_CALL_BEFORE, "echo never"));
        await(alice, user, name, ended(), WAIT);

        TaskLogs.Steps steps = steps(name).orElseThrow();

        assertThat(steps.complete()).isTrue();
        assertThat(steps.steps()).extracting(TaskStep::name, TaskStep::status, TaskStep::exitCode).containsExactly(
                tuple("env", Status.OK, Optional.of(0)),
                tuple("bash", Status.OK, Optional.of(0)),
                tuple("callBefore", Status.FAILED, Optional.of(1)),
                tuple("task", Status.SKIPPED, Optional.empty()));
        TaskStep callBefore = steps.steps().get(2);
        assertThat(callBefore.stderrTail()).containsExactly("no input here");
        assertThat(callBefore.duration()).isPresent();
        assertThat(callBefore.startedAt()).isPresent();
        assertThat(steps.steps().get(3).duration()).isEmpty();

        JsonNode attempt = alice.get("/api/v2/jobs/" + user + "~" + name
                + "/attempts/0/taskRoles/main/taskIndex/0/attempts").json().at("/attempts/0");
        assertThat(attempt.at("/steps/2/name").asText()).isEqualTo("callBefore");
        assertThat(attempt.at("/steps/2/state").asText()).isEqualTo("FAILED");
        assertThat(attempt.at("/steps/2/exitCode").asInt()).isEqualTo(1);
        assertThat(attempt.at("/steps/3/state").asText()).isEqualTo("SKIPPED");
        JsonNode seenByBob = RestClient.newUser(port, "bob").get("/api/v2/jobs/" + user + "~" + name
                + "/attempts/0/taskRoles/main/taskIndex/0/attempts").json().at("/attempts/0");
        assertThat(seenByBob.get("steps").isNull()).isTrue();
    }

    @Test
    void a_running_step_shows_its_time_so_far_and_the_page_shows_stdout_without_frame_lines() throws Exception {
        Path release = Path.of("/tmp", "gantry-steps-release-" + UUID.randomUUID());
        String name = submit(job(name("running"), "deps:\n  bash: [\"true\"]", "echo hello",
                "while [ ! -e " + release + " ]; do sleep 0.2; done", "echo bye"));
        TaskStep task = awaitStep(name, "task", Status.RUNNING);
        assertThat(task.duration()).isPresent();
        assertThat(task.exitCode()).isEmpty();
        assertThat(steps(name).orElseThrow().complete()).isFalse();

        KaribuSupport.signIn(context, user, Role.USER);
        try {
            UI.getCurrent().navigate("job-detail/" + user + "~" + name);
            JobDetailView view = _get(JobDetailView.class);
            StepPanel panel = view.steps.orElseThrow();
            assertThat(GridKt._getFormatted(panel.grid, 1, "step")).isEqualTo("task");
            assertThat(GridKt._getCellComponent(panel.grid, 1, "status").getElement().getText())
                    .isEqualTo("Running");
            assertThat(UI.getCurrent().getPollInterval()).isPositive();

            Files.createFile(release);
            await(alice, user, name, ended(), WAIT);
            view.reload();

            assertThat(GridKt._getCellComponent(panel.grid, 1, "status").getElement().getText()).isEqualTo("OK");
            assertThat(UI.getCurrent().getPollInterval()).as("nothing more to read").isNegative();
            String stdout = view.logs.orElseThrow().text.getText();
            assertThat(stdout).isEqualTo("hello\nbye\n");
        } finally {
            KaribuSupport.signOut();
            Files.deleteIfExists(release);
        }
    }

    @Test
    void the_job_page_shows_a_finished_jobs_steps_in_the_browser() throws Exception {
        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        String name = submit(job(name("prepare"), FAILING_CALL_BEFORE + "\n  callAfter: [\"echo cleaning up\"]",
                "python3 train.py"));
        await(alice, user, name, ended(), WAIT);

        try (Browser browser = new Browser(port)) {
            browser.signIn(user, "pw-" + user);
            browser.await(By.id("job-list"));
            browser.open("/job-detail/" + user + "~" + name);
            browser.await(By.id("tab-logs")).click();
            WebElement table = browser.await(By.id("step-table"));
            browser.await(By.id("step-stderr-callBefore"));
            List<String> statuses = table.findElements(By.cssSelector("[data-status]")).stream()
                    .map(e -> e.getAttribute("data-status")).toList();
            assertThat(statuses).containsExactly("OK", "OK", "FAILED", "SKIPPED", "OK");
            assertThat(browser.driver.findElement(By.id("log-text")).getText()).doesNotContain("::gantry");
            ((JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView()",
                    browser.driver.findElement(By.id("tab-logs")));
            browser.screenshot("job-detail-steps");
        }
    }

    private TaskStep awaitStep(String job, String step, Status status) throws InterruptedException {
        Instant end = Instant.now().plus(WAIT);
        Optional<TaskLogs.Steps> last = Optional.empty();
        while (Instant.now().isBefore(end)) {
            last = steps(job);
            Optional<TaskStep> found = last.stream().flatMap(s -> s.steps().stream())
                    .filter(s -> s.name().equals(step) && s.status() == status).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("step " + step + " of " + job + " never was " + status + "; last seen " + last);
    }
}
