package org.gantry.course;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.gantry.security.CurrentUser;
import org.gantry.security.Role;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Courses and who may see them. A course's instructors (and administrators) see and change
 * everything; its audience (members of its groups, and users who enrolled with its key) sees
 * the course and its published units; to anyone else it does not exist (not found, so course
 * names don't leak).
 */
@Service
public class CourseService {

    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (Course.CODE_MAX - 1) + "}");

    private final NamedParameterJdbcTemplate jdbc;
    private final CurrentUser currentUser;
    private final Clock clock;

    CourseService(NamedParameterJdbcTemplate jdbc, CurrentUser currentUser, Clock clock) {
        this.jdbc = jdbc;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    /** The courses the caller teaches or attends, newest term first. */
    @Transactional(readOnly = true)
    public List<Course> list() {
        Caller caller = caller();
        return jdbc.query("select c.*, " + Caller.TEACHES + " as teaches from course c where " + Caller.TEACHES
                + " or " + Caller.ATTENDS + " order by c.term desc, c.code, c.id", params(caller),
                (rs, n) -> course(rs, caller));
    }

    /** One course, or not found when the caller neither teaches nor attends it. */
    @Transactional(readOnly = true)
    public Course get(long id) {
        Caller caller = caller();
        return find(id, caller).orElseThrow(() -> notFound(id));
    }

    @Transactional
    public Course create(CourseDraft draft) {
        Caller caller = caller();
        if (!caller.instructorRole()) {
            throw CourseException.forbidden("Only instructors and administrators create courses; ask an administrator"
                    + " to make you an instructor.");
        }
        String code = draft.code().map(String::strip).orElse("");
        if (!CODE.matcher(code).matches()) {
            throw CourseException.invalid("A course code is 1 to " + Course.CODE_MAX + " letters, digits, '.', '_'"
                    + " or '-', like CS101.");
        }
        String title = text(draft.title().orElse(""), "title", Course.TITLE_MAX, true);
        String term = text(draft.term().orElse(""), "term", Course.TERM_MAX, false);
        if (exists(code, term, -1)) {
            throw new CourseException(CourseException.Kind.CONFLICT, "Course " + code + " of term '" + term
                    + "' already exists; choose another code or term.");
        }
        Instant now = clock.instant();
        long id = jdbc.queryForObject("insert into course (code, title, term, description, enrol_key_hash, created_by,"
                + " created_at, updated_at) values (:code, :title, :term, :description, :key, :uid, :now, :now)"
                + " returning id", params(caller).addValue("code", code).addValue("title", title).addValue("term", term)
                .addValue("description", draft.description().orElse("")).addValue("key", draft.enrolmentKey()
                        .filter(k -> !k.isBlank()).map(CourseService::hash).orElse(null))
                .addValue("now", Timestamp.from(now)), Long.class);
        setGroups(id, draft.groups().orElse(List.of()));
        Set<String> instructors = new LinkedHashSet<>();
        instructors.add(caller.username());
        instructors.addAll(draft.instructors().orElse(List.of()));
        setInstructors(id, List.copyOf(instructors));
        return get(id);
    }

    @Transactional
    public Course update(long id, CourseDraft draft) {
        Caller caller = caller();
        Course course = requireTeaching(id, caller);
        String code = draft.code().map(String::strip).orElse(course.code());
        if (!CODE.matcher(code).matches()) {
            throw CourseException.invalid("A course code is 1 to " + Course.CODE_MAX + " letters, digits, '.', '_'"
                    + " or '-', like CS101.");
        }
        String title = text(draft.title().orElse(course.title()), "title", Course.TITLE_MAX, true);
        String term = text(draft.term().orElse(course.term()), "term", Course.TERM_MAX, false);
        if (exists(code, term, id)) {
            throw new CourseException(CourseException.Kind.CONFLICT, "Course " + code + " of term '" + term
                    + "' already exists; choose another code or term.");
        }
        var params = new MapSqlParameterSource("id", id).addValue("code", code).addValue("title", title)
                .addValue("term", term).addValue("description", draft.description().orElse(course.description()))
                .addValue("now", Timestamp.from(clock.instant()));
        jdbc.update("update course set code = :code, title = :title, term = :term, description = :description,"
                + " updated_at = :now where id = :id", params);
        draft.enrolmentKey().ifPresent(key -> jdbc.update("update course set enrol_key_hash = :key where id = :id",
                new MapSqlParameterSource("id", id).addValue("key", key.isBlank() ? null : hash(key))));
        draft.groups().ifPresent(groups -> setGroups(id, groups));
        draft.instructors().ifPresent(names -> {
            if (names.isEmpty()) {
                throw CourseException.invalid("A course keeps at least one instructor.");
            }
            if (!caller.admin() && !names.contains(caller.username())) {
                throw CourseException.invalid("You cannot remove yourself from the instructors of " + code
                        + "; another instructor or an administrator can.");
            }
            setInstructors(id, names);
        });
        return get(id);
    }

    @Transactional
    public void delete(long id) {
        requireTeaching(id, caller());
        jdbc.update("delete from course where id = :id", new MapSqlParameterSource("id", id));
    }

    /** Joins the caller to a course with its self-enrolment key; a wrong key is the same as no course. */
    @Transactional
    public Course enrol(long id, String key) {
        Caller caller = caller();
        List<String> hashes = jdbc.queryForList("select enrol_key_hash from course where id = :id and enrol_key_hash"
                + " is not null", new MapSqlParameterSource("id", id), String.class);
        if (hashes.isEmpty() || key == null || !MessageDigest.isEqual(hashes.get(0).getBytes(StandardCharsets.US_ASCII),
                hash(key).getBytes(StandardCharsets.US_ASCII))) {
            throw notFound(id);
        }
        jdbc.update("insert into course_member (course_id, user_id, enrolled_at) values (:id, :uid, :now)"
                + " on conflict do nothing", params(caller).addValue("id", id).addValue("now",
                Timestamp.from(clock.instant())));
        return get(id);
    }

    /** Remembers that the caller looked at the course now: its published units stop being new. */
    @Transactional
    public void markVisited(long id) {
        Caller caller = caller();
        find(id, caller).orElseThrow(() -> notFound(id));
        jdbc.update("insert into course_visit (course_id, user_id, visited_at) values (:id, :uid, :now)"
                + " on conflict (course_id, user_id) do update set visited_at = :now", params(caller).addValue("id", id)
                .addValue("now", Timestamp.from(clock.instant())));
    }

    /** The usernames of the audience who are not the course's instructors: its students. */
    @Transactional(readOnly = true)
    public List<String> students(long id) {
        requireTeaching(id, caller());
        return jdbc.queryForList("select u.username from app_user u where (exists (select 1 from course_group cg"
                + " join user_group ug on ug.group_id = cg.group_id where cg.course_id = :id and ug.user_id = u.id)"
                + " or exists (select 1 from course_member cm where cm.course_id = :id and cm.user_id = u.id))"
                + " and not exists (select 1 from course_instructor ci where ci.course_id = :id and ci.user_id = u.id)"
                + " order by u.username", new MapSqlParameterSource("id", id), String.class);
    }

    /** Who may be a co-instructor: users with the instructor or administrator role, for instructors to choose from. */
    @Transactional(readOnly = true)
    public List<String> instructorCandidates() {
        Caller caller = caller();
        if (!caller.instructorRole()) {
            throw CourseException.forbidden("Only instructors and administrators choose co-instructors.");
        }
        return jdbc.queryForList("select username from app_user where role in ('INSTRUCTOR', 'ADMIN') order by"
                + " username", new MapSqlParameterSource(), String.class);
    }

    Caller caller() {
        String username = currentUser.require();
        long id = jdbc.queryForObject("select id from app_user where username = :u", new MapSqlParameterSource("u",
                username), Long.class);
        return new Caller(id, username, currentUser.isAdmin(), currentUser.hasRole(Role.INSTRUCTOR));
    }

    Optional<Course> find(long id, Caller caller) {
        return jdbc.query("select c.*, " + Caller.TEACHES + " as teaches from course c where c.id = :id and ("
                + Caller.TEACHES + " or " + Caller.ATTENDS + ")", params(caller).addValue("id", id),
                (rs, n) -> course(rs, caller)).stream().findFirst();
    }

    /** The course when the caller teaches it; not found to outsiders, forbidden to its students. */
    Course requireTeaching(long id, Caller caller) {
        Course course = find(id, caller).orElseThrow(() -> notFound(id));
        if (!course.instructor()) {
            throw CourseException.forbidden("Only the instructors of " + course.code() + " may change it.");
        }
        return course;
    }

    Instant now() {
        return clock.instant();
    }

    static CourseException notFound(long id) {
        return CourseException.notFound("Course " + id);
    }

    private Course course(ResultSet rs, Caller caller) throws SQLException {
        long id = rs.getLong("id");
        var p = params(caller).addValue("id", id).addValue("now", Timestamp.from(clock.instant()));
        List<String> groups = jdbc.queryForList("select g.name from course_group cg join app_group g on g.id ="
                + " cg.group_id where cg.course_id = :id order by g.name", p, String.class);
        List<String> instructors = jdbc.queryForList("select u.username from course_instructor ci join app_user u"
                + " on u.id = ci.user_id where ci.course_id = :id order by u.username", p, String.class);
        Integer fresh = jdbc.queryForObject("select count(*) from course_unit u where u.course_id = :id and"
                + " u.publish_at <= :now and u.publish_at > coalesce((select visited_at from course_visit v where"
                + " v.course_id = :id and v.user_id = :uid), '-infinity'::timestamptz)", p, Integer.class);
        return new Course(id, rs.getString("code"), rs.getString("title"), rs.getString("term"),
                rs.getString("description"), groups, instructors, rs.getString("enrol_key_hash") != null,
                rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant(),
                rs.getBoolean("teaches"), fresh == null ? 0 : fresh);
    }

    private void setGroups(long id, List<String> names) {
        if (names.isEmpty()) {
            throw CourseException.invalid("A course needs at least one audience group.");
        }
        List<String> known = jdbc.queryForList("select name from app_group where name in (:names)",
                new MapSqlParameterSource("names", names), String.class);
        List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw CourseException.invalid("No group named " + String.join(", ", unknown) + "; the groups are listed"
                    + " under Administration > Groups.");
        }
        var p = new MapSqlParameterSource("id", id).addValue("names", names);
        jdbc.update("delete from course_group where course_id = :id", p);
        jdbc.update("insert into course_group (course_id, group_id) select :id, g.id from app_group g where g.name in"
                + " (:names)", p);
    }

    private void setInstructors(long id, List<String> names) {
        List<String> able = jdbc.queryForList("select username from app_user where username in (:names) and role in"
                + " ('INSTRUCTOR', 'ADMIN')", new MapSqlParameterSource("names", names), String.class);
        List<String> refused = names.stream().filter(n -> !able.contains(n)).toList();
        if (!refused.isEmpty()) {
            throw CourseException.invalid("Not an instructor: " + String.join(", ", refused) + ". Co-instructors must"
                    + " have the instructor role; an administrator gives it in the users view.");
        }
        var p = new MapSqlParameterSource("id", id).addValue("names", names);
        jdbc.update("delete from course_instructor where course_id = :id", p);
        jdbc.update("insert into course_instructor (course_id, user_id) select :id, u.id from app_user u where"
                + " u.username in (:names)", p);
    }

    private boolean exists(String code, String term, long except) {
        return jdbc.queryForObject("select count(*) from course where code = :code and term = :term and id <> :id",
                new MapSqlParameterSource("code", code).addValue("term", term).addValue("id", except), Long.class) > 0;
    }

    static MapSqlParameterSource params(Caller caller) {
        return new MapSqlParameterSource("uid", caller.id()).addValue("admin", caller.admin());
    }

    static String text(String value, String field, int max, boolean required) {
        String v = value == null ? "" : value.strip();
        if (required && v.isEmpty() || v.length() > max || v.chars().anyMatch(Character::isISOControl)) {
            throw CourseException.invalid("A " + field + " is " + (required ? "1" : "0") + " to " + max
                    + " characters on one line.");
        }
        return v;
    }

    private static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
