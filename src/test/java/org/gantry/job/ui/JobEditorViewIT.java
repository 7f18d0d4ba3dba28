package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.HasValueUtilsKt._setValue;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.router.QueryParameters;
import java.util.List;
import org.gantry.job.JobService;
import org.gantry.job.draft.JobDraftService;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.tips.TipService;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** The editor view's logic in Karibu's in-memory UI, against the real services and database. */
@SpringBootTest
class JobEditorViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    UserService users;

    @Autowired
    GroupService groups;

    @Autowired
    JobService jobs;

    @Autowired
    JobDraftService drafts;

    @Autowired
    TipService tips;

    @AfterEach
    void signOut() {
        KaribuSupport.signOut();
    }

    private JobEditorView open(String username, String location) {
        EditorTestAccounts.ensureUser(users, groups, username);
        KaribuSupport.signIn(context, username, Role.USER);
        return navigate(location);
    }

    /** Navigates as a browser would, query included. */
    private static JobEditorView navigate(String location) {
        int query = location.indexOf('?');
        UI.getCurrent().navigate(query < 0 ? location : location.substring(0, query),
                QueryParameters.fromString(query < 0 ? "" : location.substring(query + 1)));
        return _get(JobEditorView.class);
    }

    @Test
    void a_form_edit_changes_only_that_value_in_the_yaml() {
        JobEditorView view = open("karibu-form", "jobs/new?template=pytorch-mnist");
        String before = view.editor.getValue();
        _setValue(view.form.gpu, 2);
        _setValue(view.form.name, "mnist-sweep");
        String after = view.editor.getValue();
        assertThat(after).contains("      gpu: 2\n", "name: mnist-sweep\n")
                .startsWith("# PyTorch MNIST: a GPU training job");
        assertThat(after.lines().count()).isEqualTo(before.lines().count());
        assertThat(new ProtocolParser().parse(after).spec().orElseThrow().taskRoles().get("train")
                .resourcePerInstance().gpu()).isEqualTo(2);
    }

    @Test
    void typing_in_the_yaml_refills_the_form_and_the_lint_answer_carries_the_findings() {
        JobEditorView view = open("karibu-typing", "jobs/new?template=hello-world");
        String typed = view.editor.getValue().replace("cpu: 1", "cpu: 6") + "      - pyhton train.py\n";
        var answer = view.editor.lint(typed);
        assertThat(view.form.cpu.getValue()).isEqualTo(6);
        assertThat(view.form.commands.getValue()).endsWith("pyhton train.py");
        assertThat(answer.toJson()).contains("misspelled-command", "\"replacement\":\"python\"");
        assertThat(view.summary.getText()).contains("warning");
    }

    @Test
    void the_draft_is_saved_as_the_person_types_and_restored_on_return() {
        JobEditorView view = open("karibu-draft", "jobs/new?template=hello-world");
        String typed = view.editor.getValue().replace("memoryMB: 1024", "memoryMB: 3072");
        view.editor.sync(typed);
        assertThat(drafts.find("karibu-draft").orElseThrow().text()).isEqualTo(typed);

        UI.getCurrent().navigate("");
        UI.getCurrent().navigate("jobs/new");
        JobEditorView back = _get(JobEditorView.class);
        assertThat(back.editor.getValue()).isEqualTo(typed);
        assertThat(back.form.memoryMB.getValue()).isEqualTo(3072);
    }

    @Test
    void a_dismissed_tip_stays_dismissed() {
        EditorTestAccounts.ensureUser(users, groups, "karibu-tips");
        KaribuSupport.signIn(context, "karibu-tips", Role.USER);
        for (int i = 0; i < 2; i++) {
            jobs.submit("karibu-tips", JobTemplates.find("hello-world").orElseThrow().text()
                    .replace("name: hello-world", "name: pip-habit-" + i)
                    .replace("echo \"Hello", "echo pip install tqdm && echo \"Hello"));
        }
        UI.getCurrent().navigate("jobs/new");
        JobEditorView view = _get(JobEditorView.class);
        assertThat(_find(view.tipsPanel, com.vaadin.flow.component.html.Div.class))
                .anySatisfy(card -> assertThat(card.getElement().getAttribute("data-tip")).isEqualTo("pip-install"));
        Button dismiss = _get(view.tipsPanel, Button.class, spec -> spec.withClasses("dismiss-tip"));
        _click(dismiss);
        assertThat(tips.tipsFor("karibu-tips")).extracting(t -> t.key()).doesNotContain("pip-install");

        UI.getCurrent().navigate("");
        UI.getCurrent().navigate("jobs/new");
        assertThat(_find(_get(JobEditorView.class).tipsPanel, Button.class)).isEmpty();
    }

    @Test
    void plan_shows_the_rendered_script_of_each_task_role() {
        JobEditorView view = open("karibu-plan", "jobs/new?template=pytorch-mnist");
        _click(view.plan);
        PlanDialog dialog = _get(PlanDialog.class);
        assertThat(_find(dialog, com.vaadin.flow.component.html.Pre.class)).singleElement()
                .satisfies(pre -> assertThat(pre.getText()).contains("gantry_begin pip", "train.py"));
    }

    @Test
    void a_clone_of_someone_elses_job_has_no_secrets_and_a_clone_of_ones_own_keeps_them() {
        EditorTestAccounts.ensureUser(users, groups, "karibu-owner");
        KaribuSupport.signIn(context, "karibu-owner", Role.USER);
        String secretJob = JobTemplates.find("hello-world").orElseThrow().text()
                .replace("name: hello-world", "name: with-secret")
                + "secrets:\n  token: s3cr3t-value-42\n";
        jobs.submit("karibu-owner", secretJob);
        assertThat(navigate("jobs/new?clone=karibu-owner~with-secret").editor.getValue()).contains("s3cr3t-value-42", "name: with-secret-");
        KaribuSupport.signOut();

        JobEditorView other = open("karibu-other", "jobs/new?clone=karibu-owner~with-secret");
        assertThat(other.editor.getValue()).doesNotContain("s3cr3t-value-42").contains("token:");
        assertThat(tips.tipsFor("karibu-other")).isNotNull();
        assertThat(List.of(other.origin.getText())).containsExactly("from karibu-owner~with-secret");
    }
}
