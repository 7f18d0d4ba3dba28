package org.gantry.course;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import org.gantry.job.JobService;
import org.gantry.job.JobSummary;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TaskRole;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.TemplateUse;
import org.gantry.security.GroupService;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Assignments: a job template (a marketplace template version, or YAML written in place)
 * that students start, prefilled with the assignment's virtual cluster. Jobs started from it
 * are linked to it; its instructors see each student's latest job, a student only their own.
 */
@Service
public class CourseAssignments {

    private final NamedParameterJdbcTemplate jdbc;
    private final CourseService courses;
    private final CourseUnits units;
    private final TemplateUse templates;
    private final GroupService groups;
    private final JobService jobs;

    CourseAssignments(NamedParameterJdbcTemplate jdbc, CourseService courses, CourseUnits units,
                      TemplateUse templates, GroupService groups, JobService jobs) {
        this.jdbc = jdbc;
        this.courses = courses;
        this.units = units;
        this.templates = templates;
        this.groups = groups;
        this.jobs = jobs;
    }

    @Transactional
    public Assignment create(long courseId, long unitId, AssignmentDraft draft) {
        units.requireTeachingUnit(courseId, unitId);
        long id = jdbc.queryForObject("insert into course_assignment (unit_id, title, virtual_cluster, created_at)"
                + " values (:unit, '', 'default', :now) returning id", new MapSqlParameterSource("unit", unitId)
                .addValue("now", Timestamp.from(courses.now())), Long.class);
        return write(courseId, id, draft, true);
    }

    @Transactional
    public Assignment update(long courseId, long assignmentId, AssignmentDraft draft) {
        Assignment current = get(courseId, assignmentId);
        units.requireTeachingUnit(courseId, current.unitId());
        return write(courseId, assignmentId, draft, false);
    }

    @Transactional
    public void delete(long courseId, long assignmentId) {
        Assignment current = get(courseId, assignmentId);
        units.requireTeachingUnit(courseId, current.unitId());
        jdbc.update("delete from course_assignment where id = :id", new MapSqlParameterSource("id", assignmentId));
    }

    /** An assignment of a unit the caller may see; not found otherwise. */
    @Transactional(readOnly = true)
    public Assignment get(long courseId, long assignmentId) {
        return units.units(courseId).stream().flatMap(u -> u.assignments().stream())
                .filter(a -> a.id() == assignmentId).findFirst()
                .orElseThrow(() -> CourseException.notFound("Assignment " + assignmentId + " of course " + courseId));
    }

    /** The course an assignment belongs to, when the caller may see the assignment. */
    @Transactional(readOnly = true)
    public Optional<Assignment> find(long assignmentId) {
        List<Long> course = jdbc.queryForList("select u.course_id from course_assignment a join course_unit u on"
                + " u.id = a.unit_id where a.id = :id", new MapSqlParameterSource("id", assignmentId), Long.class);
        if (course.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(get(course.get(0), assignmentId));
        } catch (CourseException e) {
            return Optional.empty();
        }
    }

    /** The document a student's Start opens: the template or YAML with the assignment's cluster and a fresh name. */
    @Transactional(readOnly = true)
    public String prefill(long courseId, long assignmentId) {
        Assignment a = get(courseId, assignmentId);
        Map<String, Object> doc = load(a.yaml());
        Object base = doc.getOrDefault("name", "assignment");
        doc.put("name", String.valueOf(base).replaceFirst("-[0-9a-z]{1,5}$", "") + "-"
                + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36));
        Map<String, Object> defaults = doc.get("defaults") instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
        defaults.put("virtualCluster", a.virtualCluster());
        doc.put("defaults", defaults);
        return dump(doc);
    }

    /** Refuses a document that leaves the assignment's virtual cluster or asks for more than its limits. */
    @Transactional(readOnly = true)
    public void check(long courseId, long assignmentId, String yaml) {
        Assignment a = get(courseId, assignmentId);
        ParseResult parsed = new ProtocolParser().parse(yaml);
        if (parsed.spec().isEmpty()) {
            return; // the job's own submission says what is wrong with it
        }
        JobSpec spec = parsed.spec().get();
        String cluster = spec.defaults().virtualCluster().orElse("default");
        if (!cluster.equals(a.virtualCluster())) {
            throw CourseException.invalid("Assignment " + a.title() + " runs on virtual cluster " + a.virtualCluster()
                    + ", not " + cluster + ": set defaults.virtualCluster to " + a.virtualCluster() + ".");
        }
        for (TaskRole role : spec.taskRoles().values()) {
            TaskRole.ResourcePerInstance r = role.resourcePerInstance();
            over(a.title(), role.name(), "gpu", r.gpu(), a.limits().gpu());
            over(a.title(), role.name(), "cpu", r.cpu(), a.limits().cpu());
            over(a.title(), role.name(), "memoryMB", r.memoryMB(), a.limits().memoryMB());
        }
    }

    /** Submits a job for the assignment as the caller (the prefilled document when {@code yaml} is empty), linked to it. */
    @Transactional
    public JobSummary submit(long courseId, long assignmentId, Optional<String> yaml) {
        String text = yaml.filter(y -> !y.isBlank()).orElseGet(() -> prefill(courseId, assignmentId));
        check(courseId, assignmentId, text);
        Caller caller = courses.caller();
        JobSummary job = jobs.submit(caller.username(), text);
        link(assignmentId, job.username(), job.name());
        return job;
    }

    /** Links the caller's own job to an assignment the caller may see. */
    @Transactional
    public void recordJob(long assignmentId, String owner, String jobName) {
        Assignment a = find(assignmentId).orElseThrow(() -> CourseException.notFound("Assignment " + assignmentId));
        if (!courses.caller().username().equals(owner)) {
            throw CourseException.forbidden("Only " + owner + " may link their job to an assignment.");
        }
        link(a.id(), owner, jobName);
    }

    /**
     * The jobs of an assignment: for its instructors, one row per student with their latest job
     * (or none yet); for a student, their own jobs, newest first.
     */
    @Transactional(readOnly = true)
    public List<Result> results(long courseId, long assignmentId) {
        Assignment a = get(courseId, assignmentId);
        Course course = courses.get(courseId);
        Caller caller = courses.caller();
        var p = new MapSqlParameterSource("a", a.id()).addValue("uid", caller.id());
        String select = "select u.username, j.name, j.state, j.exit_code, j.submitted_at, j.started_at,"
                + " j.completed_at, (select count(*) from course_job c2 join job j2 on j2.id = c2.job_id where"
                + " c2.assignment_id = :a and j2.owner_id = j.owner_id) as attempts from course_job c join job j on"
                + " j.id = c.job_id join app_user u on u.id = j.owner_id where c.assignment_id = :a";
        if (!course.instructor()) {
            return jdbc.query(select + " and j.owner_id = :uid order by j.submitted_at desc, j.id desc", p,
                    (rs, n) -> result(rs, a));
        }
        Map<String, Result> latest = new LinkedHashMap<>();
        jdbc.query("select distinct on (u.username) * from (" + select + ") x join app_user u on u.username ="
                + " x.username order by u.username, x.submitted_at desc", p, rs -> {
                    latest.put(rs.getString("username"), result(rs, a));
                });
        List<Result> rows = new ArrayList<>();
        for (String student : courses.students(courseId)) {
            rows.add(latest.getOrDefault(student, new Result(student, Optional.empty(), "NOT STARTED",
                    Optional.empty(), Optional.empty(), Optional.empty(), false, 0)));
        }
        return rows;
    }

    /** The results as CSV (RFC 4180), one row per student. */
    public static String csv(List<Result> rows) {
        StringBuilder out = new StringBuilder("student,job,state,exit_code,runtime_seconds,submitted_at,late,jobs\r\n");
        for (Result r : rows) {
            out.append(cell(r.student())).append(',').append(cell(r.job().orElse(""))).append(',')
                    .append(cell(r.state())).append(',').append(r.exitCode().map(String::valueOf).orElse(""))
                    .append(',').append(r.runtime().map(d -> String.valueOf(d.toSeconds())).orElse("")).append(',')
                    .append(r.submittedAt().map(Instant::toString).orElse("")).append(',').append(r.late())
                    .append(',').append(r.jobs()).append("\r\n");
        }
        return out.toString();
    }

    private Result result(java.sql.ResultSet rs, Assignment a) throws java.sql.SQLException {
        Instant submitted = rs.getTimestamp("submitted_at").toInstant();
        Timestamp started = rs.getTimestamp("started_at");
        Timestamp completed = rs.getTimestamp("completed_at");
        Optional<Duration> runtime = started == null ? Optional.empty() : Optional.of(Duration.between(
                started.toInstant(), completed == null ? courses.now() : completed.toInstant()));
        int exit = rs.getInt("exit_code");
        Optional<Integer> exitCode = rs.wasNull() ? Optional.empty() : Optional.of(exit);
        String owner = rs.getString("username");
        return new Result(owner, Optional.of(owner + "~" + rs.getString("name")), rs.getString("state"), exitCode,
                runtime, Optional.of(submitted), a.dueAt().filter(submitted::isAfter).isPresent(),
                rs.getInt("attempts"));
    }

    private void link(long assignmentId, String owner, String jobName) {
        jdbc.update("insert into course_job (job_id, assignment_id) select j.id, :a from job j join app_user u on u.id ="
                + " j.owner_id where u.username = :owner and j.name = :name on conflict (job_id) do nothing",
                new MapSqlParameterSource("a", assignmentId).addValue("owner", owner).addValue("name", jobName));
    }

    private Assignment write(long courseId, long id, AssignmentDraft draft, boolean creating) {
        var p = new MapSqlParameterSource("id", id);
        if (creating || draft.title().isPresent()) {
            p.addValue("title", CourseService.text(draft.title().orElse(""), "assignment title", Assignment.TITLE_MAX,
                    true));
            jdbc.update("update course_assignment set title = :title where id = :id", p);
        }
        draft.description().ifPresent(d -> jdbc.update("update course_assignment set description = :d where id = :id",
                p.addValue("d", d)));
        if (draft.templateItem().isPresent()) {
            // the version's document is kept with the assignment: students need not see the item, and a
            // newer version of it does not change an assignment under them
            TemplateUse.Prefill template = template(draft.templateItem().get(), draft.templateVersion());
            jdbc.update("update course_assignment set template_item_id = :item, template_version = :v, yaml = :yaml"
                    + " where id = :id", p.addValue("item", template.item().id()).addValue("v", template.version())
                    .addValue("yaml", template.yaml()));
        } else if (draft.yaml().isPresent()) {
            String yaml = draft.yaml().get();
            ParseResult parsed = new ProtocolParser().parse(yaml);
            if (parsed.spec().isEmpty()) {
                throw CourseException.invalid("The assignment's YAML is not a valid job: " + parsed.problems().stream()
                        .filter(pr -> pr.isError()).findFirst().map(Object::toString).orElse("unknown problem"));
            }
            jdbc.update("update course_assignment set template_item_id = null, template_version = null, yaml = :yaml"
                    + " where id = :id", p.addValue("yaml", yaml));
        } else if (creating) {
            throw CourseException.invalid("An assignment needs a job: a marketplace template (template) or YAML (yaml).");
        }
        draft.dueAt().ifPresent(due -> jdbc.update("update course_assignment set due_at = :due where id = :id",
                p.addValue("due", Timestamp.from(due))));
        if (draft.virtualCluster().isPresent()) {
            String vc = draft.virtualCluster().get();
            if (groups.virtualCluster(vc).isEmpty()) {
                throw CourseException.invalid("No virtual cluster named " + vc + ".");
            }
            jdbc.update("update course_assignment set virtual_cluster = :vc where id = :id", p.addValue("vc", vc));
        }
        draft.limits().ifPresent(l -> jdbc.update("update course_assignment set max_gpu = :gpu, max_cpu = :cpu,"
                + " max_memory_mb = :mem where id = :id", p.addValue("gpu", boxed(l.gpu())).addValue("cpu", boxed(l.cpu()))
                .addValue("mem", boxed(l.memoryMB()))));
        return get(courseId, id);
    }

    private TemplateUse.Prefill template(String ref, OptionalInt version) {
        try {
            return templates.prefill(ref, version.isPresent() ? Optional.of(version.getAsInt()) : Optional.empty(),
                    Map.of(), Optional.empty());
        } catch (MarketplaceException e) {
            throw CourseException.invalid("The assignment's template cannot be used: " + e.getMessage());
        }
    }

    private static void over(String assignment, String role, String what, int asked, OptionalInt max) {
        if (max.isPresent() && asked > max.getAsInt()) {
            throw CourseException.invalid("Task role " + role + " asks for " + asked + " " + what + " per instance;"
                    + " assignment " + assignment + " allows at most " + max.getAsInt() + ".");
        }
    }

    private static Integer boxed(OptionalInt v) {
        return v.isPresent() ? v.getAsInt() : null;
    }

    private static String cell(String text) {
        return text.matches("[^,\"\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"";
    }

    private static Map<String, Object> copy(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    private static Map<String, Object> load(String yaml) {
        Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        if (!(doc instanceof Map<?, ?> map)) {
            throw CourseException.invalid("The assignment's document is not a YAML mapping.");
        }
        return copy(map);
    }

    private static String dump(Map<String, Object> doc) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setWidth(120);
        return new Yaml(new SafeConstructor(new LoaderOptions()), new Representer(options), options).dump(doc);
    }

    /** A student's (latest) job of an assignment; {@code state} is "NOT STARTED" when they have none. */
    public record Result(String student, Optional<String> job, String state, Optional<Integer> exitCode,
                         Optional<Duration> runtime, Optional<Instant> submittedAt, boolean late, int jobs) {
    }
}
