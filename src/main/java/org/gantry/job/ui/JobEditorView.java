package org.gantry.job.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.job.AssignmentStarts;
import org.gantry.job.JobException;
import org.gantry.job.JobLintService;
import org.gantry.job.JobService;
import org.gantry.job.JobSubmissionException;
import org.gantry.job.JobSummary;
import org.gantry.job.SharedTemplates;
import org.gantry.job.draft.JobDraftService;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.LintContext;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.SecretRedaction;
import org.gantry.job.tips.TipService;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Writing a job: the YAML in a linted code editor with its problems listed under it (a click
 * or F8 goes to one, quick fixes are buttons there), a form for the common fields of the job
 * and of each task role (deps included) kept in step with it both ways, tips from the
 * author's own history, and Validate, Plan, Save draft and Submit. Below
 * {@value EditorStyle#NARROW_PX} px the editor and the form stack. The text is autosaved as the author's draft
 * after each pause in typing and offered again on return. {@code ?template=id} starts from a
 * built-in template, {@code ?clone=user~job} from an existing job (its secrets only when it
 * is the author's), {@code ?assignment=id} from a course assignment (the job is linked to it).
 */
@Route("jobs/new")
@PageTitle("New job · Gantry")
@Menu(title = "New job", order = 1, icon = "vaadin:plus")
@PermitAll
class JobEditorView extends VerticalLayout implements BeforeEnterObserver {

    /** Where a document opened from a marketplace template came from: {@code marketplace:item@version}. */
    private static final String MARKETPLACE = "marketplace:";

    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("MMdd-HHmm");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("HH:mm");

    private final JobService jobs;
    private final JobLintService lint;
    private final JobDraftService drafts;
    private final TipService tips;
    private final Clock clock;
    private final String username;
    private final LintContext lintContext;
    private final ProtocolParser parser = new ProtocolParser();

    final YamlEditor editor;
    final JobForm form;
    final TipsPanel tipsPanel;
    final ProblemsPanel problems;
    final Span summary;
    final Span origin = new Span();
    final ComboBox<JobTemplates.Template> template = new ComboBox<>();
    final Button validate = new Button("Validate", VaadinIcon.CHECK.create());
    final Button plan = new Button("Plan", VaadinIcon.FILE_TREE.create());
    final Button saveDraft = new Button("Save draft", VaadinIcon.DOWNLOAD_ALT.create());
    final Button submit = new Button("Submit", VaadinIcon.PLAY.create());
    private final Optional<SharedTemplates> shared;
    private final Optional<AssignmentStarts> assignmentStarts;
    /** The course assignment the editor was opened from by its Start: the submitted job is linked to it. */
    private Optional<Long> assignment = Optional.empty();
    private String startedFrom = "";
    private String loadedText = "";

    JobEditorView(JobService jobs, JobLintService lint, JobDraftService drafts, TipService tips, GroupService groups,
                  CurrentUser currentUser, Clock clock, ObjectProvider<SharedTemplates> shared,
                  ObjectProvider<AssignmentStarts> assignmentStarts) {
        this.jobs = jobs;
        this.assignmentStarts = Optional.ofNullable(assignmentStarts.getIfAvailable());
        this.shared = Optional.ofNullable(shared.getIfAvailable());
        this.lint = lint;
        this.drafts = drafts;
        this.tips = tips;
        this.clock = clock;
        this.username = currentUser.require();
        this.lintContext = lint.contextFor(username);
        setId("job-editor");
        setSizeFull();
        setPadding(true);

        form = new JobForm(groups.virtualClusters().stream().map(VirtualCluster::getName).toList());
        editor = new YamlEditor(this::lintForEditor);
        editor.setId("yaml-editor");
        editor.setSizeFull();
        editor.addTextChangeListener(e -> {
            if (e.isFromClient()) {
                form.follow(editor.getValue());
                forgetOriginOnceReplaced();
            }
            drafts.save(username, editor.getValue(), startedFrom);
        });
        form.addFieldEditedListener(e -> editor.setValue(JobYamlFields.set(editor.getValue(), e.role(), e.field(),
                e.value())));
        form.addRoleChangedListener(e -> {
            editor.setValue(e.like().map(like -> TaskRoleYaml.add(editor.getValue(), e.role(), like))
                    .orElseGet(() -> TaskRoleYaml.remove(editor.getValue(), e.role())));
            form.follow(editor.getValue());
            form.showRole(e.role());
        });
        tipsPanel = new TipsPanel(tip -> tips.dismiss(username, tip.key()));
        problems = new ProblemsPanel(this::goTo, fixed -> {
            editor.setValue(fixed);
            form.follow(fixed);
            editor.lintNow();
        });
        summary = problems.summary;
        editor.onProblemStep((line, column, forward) -> problems.next(line, column, forward).ifPresent(this::goTo));

        addClassName("job-editor");
        add(header());
        VerticalLayout main = new VerticalLayout(editor, problems);
        main.addClassName("job-editor-main");
        main.setPadding(false);
        main.setSpacing(false);
        main.setSizeFull();
        main.setFlexGrow(1, editor);
        main.getStyle().set("min-width", "0").set("gap", "var(--lumo-space-xs)");
        HorizontalLayout body = new HorizontalLayout(main, side());
        body.addClassName("job-editor-body");
        body.setSizeFull();
        body.setFlexGrow(1, main);
        body.getStyle().set("min-height", "0");
        add(body, EditorStyle.narrow());
        setFlexGrow(1, body);
    }

    private void goTo(Finding finding) {
        editor.select(finding);
        problems.select(finding);
    }

    private HorizontalLayout header() {
        H2 title = new H2("New job");
        title.getStyle().set("margin", "0").set("font-size", "var(--lumo-font-size-xl)");
        origin.setId("editor-origin");
        origin.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        template.setId("template");
        template.setPlaceholder("Start from a template");
        template.setItems(JobTemplates.all());
        template.setWidth("14em");
        template.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                startFrom(e.getValue());
                tips.recordStart(username, startedFrom);
            }
        });
        validate.setId("validate");
        validate.addClickListener(e -> validate());
        plan.setId("plan");
        plan.addClickListener(e -> plan());
        saveDraft.setId("save-draft");
        saveDraft.addClickListener(e -> {
            drafts.save(username, editor.getValue(), startedFrom);
            Notification.show("Draft saved");
        });
        submit.setId("submit");
        submit.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        submit.addClickListener(e -> submit());
        HorizontalLayout header = new HorizontalLayout(title, origin, new Span(), template, validate, plan, saveDraft,
                submit);
        header.setWidthFull();
        header.setAlignItems(FlexComponent.Alignment.BASELINE);
        header.expand(header.getComponentAt(2));
        header.getStyle().set("flex-wrap", "wrap");
        return header;
    }

    private VerticalLayout side() {
        VerticalLayout side = new VerticalLayout(form, tipsPanel);
        side.addClassName("job-editor-side");
        side.setPadding(false);
        side.setWidth("380px");
        side.setMinWidth("320px");
        // Scrolls down only: the form layouts' negative side margins made it scroll sideways by a few pixels too.
        side.getStyle().set("overflow-x", "hidden").set("overflow-y", "auto").set("flex-shrink", "0");
        return side;
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var parameters = event.getLocation().getQueryParameters();
        Optional<String> clone = parameters.getSingleParameter("clone");
        Optional<String> templateId = parameters.getSingleParameter("template");
        Optional<String> marketplace = parameters.getSingleParameter("marketplace");
        Optional<SharedTemplates.Template> sharedTemplate = marketplace.flatMap(item -> shared.flatMap(s -> s.open(item,
                parameters.getSingleParameter("version").filter(v -> v.matches("\\d{1,9}")).map(Integer::valueOf))));
        Optional<AssignmentStarts.Start> start = parameters.getSingleParameter("assignment")
                .filter(v -> v.matches("\\d{1,18}")).flatMap(id -> assignmentStarts.flatMap(a -> a.open(Long.parseLong(id))));
        if (start.isPresent()) {
            assignment = Optional.of(start.get().assignmentId());
            load(start.get().yaml(), "assignment:" + start.get().title());
        } else if (sharedTemplate.isPresent()) {
            SharedTemplates.Template t = sharedTemplate.get();
            load(t.yaml(), MARKETPLACE + t.item() + "@" + t.version());
        } else if (clone.isPresent()) {
            cloneJob(clone.get());
            parameters.getSingleParameter("addPip").ifPresent(pkg ->
                    addPip(parameters.getSingleParameter("role").orElse(""), pkg));
        } else if (templateId.flatMap(JobTemplates::find).isPresent()) {
            startFrom(JobTemplates.find(templateId.get()).orElseThrow());
            tips.recordStart(username, startedFrom);
        } else {
            Optional<JobDraftService.Draft> draft = drafts.find(username);
            if (draft.isPresent()) {
                load(draft.get().text(), draft.get().origin());
                Notification.show("Restored your draft of " + WHEN.format(draft.get().updatedAt()
                        .atZone(ZoneId.systemDefault())));
            } else {
                startFrom(JobTemplates.find(JobTemplates.DEFAULT).orElseThrow());
            }
        }
        tipsPanel.show(tips.tipsFor(username));
    }

    void startFrom(JobTemplates.Template chosen) {
        String text = JobYamlFields.set(chosen.text(), JobYamlFields.Field.NAME, chosen.id() + "-" + suffix());
        load(text, "template:" + chosen.id());
    }

    private void cloneJob(String id) {
        int tilde = id.indexOf('~');
        if (tilde <= 0) {
            Notification.show("Name the job to clone as user~job").addThemeVariants(NotificationVariant.LUMO_ERROR);
            startFrom(JobTemplates.find(JobTemplates.DEFAULT).orElseThrow());
            return;
        }
        String owner = id.substring(0, tilde);
        String name = id.substring(tilde + 1);
        String config;
        try {
            config = jobs.config(owner, name);
        } catch (JobException e) {
            Notification.show(e.getMessage()).addThemeVariants(NotificationVariant.LUMO_ERROR);
            startFrom(JobTemplates.find(JobTemplates.DEFAULT).orElseThrow());
            return;
        }
        // what an administrator sees masked must not become the clone's secrets; another user's
        // copy has none already, and redacting it again changes nothing
        String text = owner.equals(username) ? config : parser.parse(config).spec()
                .map(spec -> SecretRedaction.forOthers(config, spec)).orElse(config);
        load(JobYamlFields.set(text, JobYamlFields.Field.NAME, name + "-" + suffix()), "clone:" + id);
        tips.recordStart(username, startedFrom);
    }

    /** The one-click fix of a failure's diagnosis: {@code pkg} added to the role's deps.pip packages. */
    private void addPip(String role, String pkg) {
        if (!pkg.matches("[A-Za-z0-9][A-Za-z0-9._\\-\\[\\]<>=!~,]{0,199}")) {
            Notification.show("Not a pip requirement: " + pkg).addThemeVariants(NotificationVariant.LUMO_ERROR);
            return;
        }
        String text = editor.getValue();
        Optional<String> changed = YamlText.read(text).flatMap(doc -> {
            Optional<org.yaml.snakeyaml.nodes.Node> node = YamlText.get(doc.root(), "taskRoles", role);
            if (node.isEmpty()) {
                return Optional.empty();
            }
            List<String> packages = new java.util.ArrayList<>(DepsYamlFields.read(node.get())
                    .getOrDefault(JobYamlFields.Field.PIP_PACKAGES, List.of()));
            if (!packages.contains(pkg)) {
                packages.add(pkg);
            }
            return Optional.of(DepsYamlFields.set(doc, role, JobYamlFields.Field.PIP_PACKAGES, packages));
        });
        if (changed.isEmpty()) {
            Notification.show("The job has no task role " + role + " to add " + pkg + " to")
                    .addThemeVariants(NotificationVariant.LUMO_ERROR);
            return;
        }
        editor.setValue(changed.get());
        form.follow(changed.get());
        Notification.show("Added " + pkg + " to deps.pip of task role " + role + ": check and submit");
    }

    private void load(String text, String from) {
        startedFrom = from;
        loadedText = text;
        origin.setText(from.isEmpty() ? "" : "from " + from.replaceFirst("^(template|clone|marketplace):", "")
                .replaceFirst("^assignment:", "assignment "));
        editor.setValue(text);
        form.follow(text);
    }

    /** "from hello-world" stops being true once the template's own lines are gone. */
    private void forgetOriginOnceReplaced() {
        if (!startedFrom.isEmpty() && replaced(loadedText, editor.getValue())) {
            startedFrom = "";
            origin.setText("");
        }
    }

    /**
     * Whether none of what sets the original apart is left in the text: its comments and its
     * list items (commands, packages). Keys and numbers every job has do not count.
     */
    static boolean replaced(String original, String text) {
        Set<String> now = text.lines().map(String::strip).collect(Collectors.toSet());
        List<String> own = original.lines().map(String::strip).filter(l -> l.startsWith("#") || l.startsWith("- "))
                .toList();
        return !own.isEmpty() && own.stream().noneMatch(now::contains);
    }

    private List<Finding> lintForEditor(String text) {
        List<Finding> findings = lint.lint(text, lintContext);
        problems.show(text, findings);
        return findings;
    }

    /** Lints now and says the outcome where it cannot be missed; the panel lists the findings. */
    void validate() {
        List<Finding> findings = lintAndShow();
        long errors = findings.stream().filter(Finding::isError).count();
        String outcome = findings.isEmpty() ? "Valid — 0 problems"
                : (errors == 0 ? "Valid, with " : "Not valid: ") + findings.size() + " problem(s), " + errors
                + " error(s) — listed under the editor";
        Notification shown = Notification.show(outcome, 4000, Notification.Position.BOTTOM_START);
        shown.setId("validate-outcome");
        shown.addThemeVariants(errors > 0 ? NotificationVariant.LUMO_ERROR : findings.isEmpty()
                ? NotificationVariant.LUMO_SUCCESS : NotificationVariant.LUMO_CONTRAST);
    }

    private List<Finding> lintAndShow() {
        String text = editor.getValue();
        // on Validate (not on every pause in typing) the inputs are checked too
        List<Finding> findings = lint.lintWithInputs(username, text, lintContext);
        problems.show(text, findings);
        editor.lintNow();
        return findings;
    }

    void plan() {
        ParseResult parsed = parser.parse(editor.getValue());
        if (parsed.spec().isEmpty()) {
            Notification.show("Fix the errors first: " + parsed.errors().get(0))
                    .addThemeVariants(NotificationVariant.LUMO_ERROR);
            return;
        }
        new PlanDialog(parsed.spec().get()).open();
    }

    void submit() {
        try {
            if (assignment.isPresent()) {
                assignmentStarts.orElseThrow().check(assignment.get(), editor.getValue());
            }
            JobSummary job = jobs.submit(username, editor.getValue());
            drafts.discard(username);
            assignment.ifPresent(a -> assignmentStarts.orElseThrow().recordJob(a, job.username(), job.name()));
            if (startedFrom.startsWith(MARKETPLACE)) {
                String itemAndVersion = startedFrom.substring(MARKETPLACE.length());
                int at = itemAndVersion.lastIndexOf('@');
                shared.ifPresent(s -> s.recordUse(itemAndVersion.substring(0, at), Integer.parseInt(
                        itemAndVersion.substring(at + 1)), job.username(), job.name()));
            }
            UI.getCurrent().navigate("job-detail/" + job.frameworkName());
        } catch (JobSubmissionException | JobException e) {
            lintAndShow();
            Notification.show(e.getMessage(), 8000, Notification.Position.BOTTOM_START)
                    .addThemeVariants(NotificationVariant.LUMO_ERROR);
        } catch (RuntimeException refusedByAssignment) {
            if (assignment.isEmpty()) {
                throw refusedByAssignment;
            }
            Notification.show(refusedByAssignment.getMessage(), 8000, Notification.Position.BOTTOM_START)
                    .addThemeVariants(NotificationVariant.LUMO_ERROR);
        }
    }

    private String suffix() {
        return SUFFIX.format(clock.instant().atZone(ZoneId.systemDefault()));
    }
}
