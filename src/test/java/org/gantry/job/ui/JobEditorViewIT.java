package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.HasValueUtilsKt._setValue;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.github.mvysny.kaributesting.v10.NotificationsKt;
import com.vaadin.flow.component.ClickEvent;
import com.vaadin.flow.component.ComponentUtil;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.NativeDetails;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
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

    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

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
        _setValue(view.form.roleFields.gpu, 2);
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
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(6);
        assertThat(view.form.roleFields.commands.getValue()).endsWith("pyhton train.py");
        assertThat(answer.toJson()).contains("misspelled-command", "\"replacement\":\"python\"");
        assertThat(view.summary.getText()).contains("warning");
    }

    private static final String TWO_ROLES = """
            protocolVersion: 2
            name: train-and-eval
            type: job
            taskRoles:
              train:
                instances: 2
                resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 0}
                commands:
                  - python train.py   # the long part
              # evaluation runs beside training
              eval:
                instances: 1
                resourcePerInstance:
                  cpu: 2
                  memoryMB: 4096
                commands:
                  - python eval.py
            """;

    @Test
    void the_second_roles_cpu_and_commands_edited_in_the_form_change_only_its_yaml() {
        JobEditorView view = open("karibu-roles", "jobs/new?template=hello-world");
        view.editor.sync(TWO_ROLES);
        assertThat(view.form.role.getValue()).isEqualTo("train");
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(4);

        _setValue(view.form.role, "eval");
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(2);
        assertThat(view.form.roleFields.instances.getValue()).isEqualTo(1);
        _setValue(view.form.roleFields.cpu, 3);
        _setValue(view.form.roleFields.commands, "nvidia-smi\npython eval.py");
        assertThat(view.editor.getValue()).isEqualTo(TWO_ROLES.replace("cpu: 2", "cpu: 3")
                .replace("      - python eval.py\n", "      - nvidia-smi\n      - python eval.py\n"));
    }

    @Test
    void the_second_roles_yaml_typed_in_the_editor_shows_in_the_form() {
        JobEditorView view = open("karibu-roles-typed", "jobs/new?template=hello-world");
        view.editor.sync(TWO_ROLES);
        _setValue(view.form.role, "eval");
        view.editor.lint(TWO_ROLES.replace("memoryMB: 4096", "memoryMB: 6144").replace("- python eval.py",
                "- python eval.py --full"));
        assertThat(view.form.role.getValue()).isEqualTo("eval");
        assertThat(view.form.roleFields.memoryMB.getValue()).isEqualTo(6144);
        assertThat(view.form.roleFields.commands.getValue()).isEqualTo("python eval.py --full");
        assertThat(view.form.role.getListDataView().getItems()).containsExactly("train", "eval");
    }

    @Test
    void a_role_added_from_the_form_is_written_into_the_yaml_and_shown_and_can_be_removed_again() {
        JobEditorView view = open("karibu-roles-add", "jobs/new?template=hello-world");
        view.editor.sync(TWO_ROLES);
        _setValue(view.form.role, "eval");
        _click(view.form.addRole);
        AddTaskRoleDialog dialog = _get(AddTaskRoleDialog.class);
        assertThat(dialog.name.getValue()).isEqualTo("worker");
        _setValue(dialog.name, "eval");
        _click(dialog.add);
        assertThat(dialog.name.getErrorMessage()).isEqualTo("There is a task role eval already");
        _setValue(dialog.name, "tester");
        _click(dialog.add);

        var spec = new ProtocolParser().parse(view.editor.getValue()).spec().orElseThrow();
        assertThat(spec.taskRoles()).containsOnlyKeys("train", "eval", "tester");
        assertThat(spec.taskRoles().get("tester").resourcePerInstance().memoryMB()).isEqualTo(4096);
        assertThat(view.editor.getValue()).startsWith(TWO_ROLES);
        assertThat(view.form.role.getValue()).isEqualTo("tester");
        assertThat(view.form.roleFields.instances.getValue()).isEqualTo(1);
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(2);

        _click(view.form.removeRole);
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(view.editor.getValue()).isEqualTo(TWO_ROLES);
        assertThat(view.form.role.getListDataView().getItems()).containsExactly("train", "eval");
    }

    @Test
    void yaml_with_a_syntax_error_leaves_the_form_as_it_was_with_a_note() {
        JobEditorView view = open("karibu-roles-broken", "jobs/new?template=hello-world");
        view.editor.sync(TWO_ROLES);
        _setValue(view.form.role, "eval");
        view.editor.lint(TWO_ROLES.replace("cpu: 2", "cpu: [2"));
        assertThat(view.form.note.isVisible()).isTrue();
        assertThat(view.form.note.getText()).startsWith("The YAML does not read (line ").contains("column");
        assertThat(view.form.role.getValue()).isEqualTo("eval");
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(2);
        assertThat(view.form.roleFields.cpu.isReadOnly()).isTrue();
        assertThat(view.form.addRole.isEnabled()).isFalse();

        view.editor.lint(TWO_ROLES.replace("cpu: 2", "cpu: 5"));
        assertThat(view.form.note.isVisible()).isFalse();
        assertThat(view.form.roleFields.cpu.getValue()).isEqualTo(5);
        assertThat(view.form.roleFields.cpu.isReadOnly()).isFalse();
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
        assertThat(back.form.roleFields.memoryMB.getValue()).isEqualTo(3072);
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
    void the_users_recommendations_from_usage_show_as_tips_beside_the_editor_and_can_be_dismissed() {
        EditorTestAccounts.ensureUser(users, groups, "karibu-advice");
        KaribuSupport.signIn(context, "karibu-advice", Role.USER);
        for (int i = 0; i < 3; i++) {
            jobs.submit("karibu-advice", JobTemplates.find("hello-world").orElseThrow().text()
                    .replace("name: hello-world", "name: fetch-" + i)
                    .replace("echo \"Hello", "wget -q -O data.csv file:///dev/null && echo \"Hello"));
        }
        // the three jobs failed with the same diagnosis, as the diagnostics feature stores it
        jdbc.query("select j.id from job j join app_user u on u.id = j.owner_id where u.username = 'karibu-advice'",
                (org.springframework.jdbc.core.RowCallbackHandler) rs -> jdbc.update("insert into job_diagnosis"
                        + " (job_id, job_attempt, phrase, summary, body, analysed_at) values (?, 1, 'DataMissing',"
                        + " 'no data', ?, now())", rs.getLong(1), "{\"phrase\":\"DataMissing\",\"failure\":true,"
                        + "\"solution\":\"Put the data into a storage.\",\"link\":\"/marketplace\"}"));

        JobEditorView view = navigate("jobs/new");

        assertThat(_find(view.tipsPanel, Div.class)).extracting(card -> card.getElement().getAttribute("data-tip"))
                .contains("usage:downloads", "usage:diagnosis:DataMissing");
        Div diagnosis = _find(view.tipsPanel, Div.class).stream()
                .filter(card -> "usage:diagnosis:DataMissing".equals(card.getElement().getAttribute("data-tip")))
                .findFirst().orElseThrow();
        assertThat(diagnosis.getElement().getTextRecursively()).contains("3 of your jobs failed with the same"
                + " diagnosis, DataMissing. Put the data into a storage. Read how to avoid it: /marketplace.");
        _click(_get(diagnosis, Button.class, spec -> spec.withClasses("dismiss-tip")));
        assertThat(tips.tipsFor("karibu-advice")).extracting(t -> t.key()).doesNotContain("usage:diagnosis:DataMissing")
                .contains("usage:downloads");
    }

    // Plan showed ~150 generated lines per role with the author's own commands at the bottom
    @Test
    void plan_shows_each_roles_steps_with_their_own_lines_and_folds_the_generated_script() {
        JobEditorView view = open("karibu-plan", "jobs/new?template=pytorch-mnist");
        _click(view.plan);
        PlanDialog dialog = _get(PlanDialog.class);
        List<Div> steps = _find(dialog, Div.class, spec -> spec.withClasses("plan-step"));
        assertThat(steps).extracting(step -> step.getElement().getAttribute("data-step")).contains("pip", "task");
        Div task = steps.stream().filter(step -> "task".equals(step.getElement().getAttribute("data-step")))
                .findFirst().orElseThrow();
        assertThat(_get(task, Pre.class).getText()).contains("train.py").doesNotContain("gantry_begin");
        NativeDetails generated = _get(dialog, NativeDetails.class);
        assertThat(generated.isOpen()).isFalse();
        assertThat(_get(generated, Pre.class).getText()).contains("gantry_begin pip", "train.py");
    }

    private static List<Div> problemRows(JobEditorView view) {
        return _find(view.problems.list, Div.class, spec -> spec.withClasses("problem"));
    }

    // the editor showed only a count of problems, each readable only by hovering its underline
    @Test
    void the_problems_panel_lists_every_finding_and_a_click_or_f8_selects_one() {
        JobEditorView view = open("karibu-problems", "jobs/new?template=hello-world");
        String typed = view.editor.getValue() + "      - pyhton train.py\n      - echo $NEVER_SET\n";
        view.editor.lint(typed);

        List<Div> rows = problemRows(view);
        assertThat(rows).extracting(JobEditorViewIT::rowText).anySatisfy(text -> assertThat(text).startsWith("14:9")
                .contains("pyhton")).anySatisfy(text -> assertThat(text).startsWith("15:14").contains("NEVER_SET"));
        assertThat(rows).extracting(row -> row.getElement().getAttribute("data-severity")).contains("WARNING");

        ComponentUtil.fireEvent(rows.get(1), new ClickEvent<>(rows.get(1)));
        assertThat(selected(view)).containsExactly(1);

        view.editor.stepProblem(1, 1, true);
        assertThat(selected(view)).containsExactly(0);
        view.editor.stepProblem(14, 9, false);
        assertThat(selected(view)).containsExactly(rows.size() - 1);
    }

    /** "line:column message" of a row in the problems panel. */
    private static String rowText(Div row) {
        return _get(row, Span.class, spec -> spec.withClasses("problem-position")).getText() + " "
                + _get(row, Span.class, spec -> spec.withClasses("problem-message")).getText();
    }

    private static List<Integer> selected(JobEditorView view) {
        List<Div> rows = problemRows(view);
        return java.util.stream.IntStream.range(0, rows.size())
                .filter(i -> "true".equals(rows.get(i).getElement().getAttribute("aria-current"))).boxed().toList();
    }

    @Test
    void a_quick_fix_in_the_panel_rewrites_the_yaml_and_the_form_follows() {
        JobEditorView view = open("karibu-quickfix", "jobs/new?template=hello-world");
        view.editor.lint(view.editor.getValue() + "      - echo $NEVER_SET\n");

        _click(_get(view.problems.list, Button.class, spec -> spec.withText("Add NEVER_SET to deps.env")));

        assertThat(view.editor.getValue()).contains("- echo $NEVER_SET\n    deps:\n      env:\n        NEVER_SET: \"\"\n");
        assertThat(view.form.roleFields.commands.getValue()).endsWith("echo $NEVER_SET");
    }

    // the form had no deps fields
    @Test
    void deps_fields_in_the_form_write_the_yaml_and_typed_deps_refill_them() {
        JobEditorView view = open("karibu-deps", "jobs/new?template=hello-world");
        _setValue(view.form.roleFields.env, "DATA_DIR=/data");
        _setValue(view.form.roleFields.pipPackages, "numpy==2.1.0\npandas==2.2.3");

        assertThat(view.editor.getValue()).contains("    deps:\n", "env: {DATA_DIR: \"/data\"}",
                "packages: [\"numpy==2.1.0\", \"pandas==2.2.3\"]");

        view.editor.lint(view.editor.getValue().replace("pandas==2.2.3", "scipy==1.14.1"));
        assertThat(view.form.roleFields.pipPackages.getValue()).isEqualTo("numpy==2.1.0\nscipy==1.14.1");
        assertThat(view.form.roleFields.deps.isOpen()).isTrue();
    }

    // Validate gave no visible feedback
    @Test
    void validate_says_the_outcome_in_a_notification() {
        JobEditorView view = open("karibu-validate", "jobs/new?template=hello-world");
        NotificationsKt.clearNotifications();
        _click(view.validate);
        assertThat(NotificationsKt.getNotifications()).extracting(n -> n.getElement().getProperty("text"))
                .contains("Valid — 0 problems");
        assertThat(view.summary.getText()).isEqualTo("No problems found");

        NotificationsKt.clearNotifications();
        view.editor.lint(view.editor.getValue() + "      - echo $NEVER_SET\n");
        _click(view.validate);
        assertThat(NotificationsKt.getNotifications()).extracting(n -> n.getElement().getProperty("text"))
                .anySatisfy(text -> assertThat(text).startsWith("Valid, with ").contains(" 0 error(s)"));
    }

    // the header kept saying "from hello-world" after the text was replaced by another job
    @Test
    void the_header_stops_naming_the_template_once_its_text_is_replaced() {
        JobEditorView view = open("karibu-origin", "jobs/new?template=hello-world");
        assertThat(view.origin.getText()).isEqualTo("from hello-world");
        view.editor.lint(view.editor.getValue().replace("cpu: 1", "cpu: 2"));
        assertThat(view.origin.getText()).isEqualTo("from hello-world");

        view.editor.lint(JobTemplates.find("conda-cpu").orElseThrow().text());
        assertThat(view.origin.getText()).isEmpty();
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
