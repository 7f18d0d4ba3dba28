package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.HasValueUtilsKt._setValue;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
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
