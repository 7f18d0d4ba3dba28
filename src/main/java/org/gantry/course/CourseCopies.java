package org.gantry.course;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Copies a course to a new term: the same code, description, audience and instructors, every
 * unit as a draft (to be published again on the new term's dates), the newest version of each
 * note, the links and the assignments without their due dates and jobs.
 */
@Service
public class CourseCopies {

    private final NamedParameterJdbcTemplate jdbc;
    private final CourseService courses;
    private final MaterialFileStore store;

    CourseCopies(NamedParameterJdbcTemplate jdbc, CourseService courses, MaterialFileStore store) {
        this.jdbc = jdbc;
        this.courses = courses;
        this.store = store;
    }

    @Transactional
    public Course copy(long courseId, String term) {
        Caller caller = courses.caller();
        Course from = courses.requireTeaching(courseId, caller);
        Course to = courses.create(new CourseDraft(java.util.Optional.of(from.code()), java.util.Optional.of(
                from.title()), java.util.Optional.of(term), java.util.Optional.of(from.description()),
                java.util.Optional.of(from.groups()), java.util.Optional.of(from.instructors()),
                java.util.Optional.empty()));
        var now = Timestamp.from(courses.now());
        List<Map<String, Object>> units = jdbc.queryForList("select id, position, title, description from course_unit"
                + " where course_id = :id order by position, id", new MapSqlParameterSource("id", courseId));
        for (Map<String, Object> unit : units) {
            long oldUnit = ((Number) unit.get("id")).longValue();
            long newUnit = jdbc.queryForObject("insert into course_unit (course_id, position, title, description,"
                    + " created_at) values (:course, :pos, :title, :description, :now) returning id",
                    new MapSqlParameterSource("course", to.id()).addValue("pos", unit.get("position"))
                            .addValue("title", unit.get("title")).addValue("description", unit.get("description"))
                            .addValue("now", now), Long.class);
            var p = new MapSqlParameterSource("old", oldUnit).addValue("new", newUnit).addValue("now", now)
                    .addValue("uid", caller.id());
            jdbc.update("insert into course_link (unit_id, item_id, position) select :new, item_id, position from"
                    + " course_link where unit_id = :old", p);
            jdbc.update("insert into course_assignment (unit_id, title, description, template_item_id,"
                    + " template_version, yaml, virtual_cluster, max_gpu, max_cpu, max_memory_mb, created_at) select"
                    + " :new, title, description, template_item_id, template_version, yaml, virtual_cluster, max_gpu,"
                    + " max_cpu, max_memory_mb, :now from course_assignment where unit_id = :old order by id", p);
            List<Map<String, Object>> notes = jdbc.queryForList("select distinct on (name) name, version, size,"
                    + " content_type, sha256 from course_material where unit_id = :old order by name, version desc", p);
            for (Map<String, Object> note : notes) {
                String name = (String) note.get("name");
                int version = ((Number) note.get("version")).intValue();
                try (InputStream in = store.open(oldUnit, version, name)) {
                    store.store(newUnit, 1, name, in, Long.MAX_VALUE);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                jdbc.update("insert into course_material (unit_id, name, version, size, content_type, sha256,"
                        + " created_by, created_at) values (:new, :name, 1, :size, :type, :sha, :uid, :now)",
                        p.addValue("name", name).addValue("size", note.get("size"))
                                .addValue("type", note.get("content_type")).addValue("sha", note.get("sha256")));
            }
        }
        return courses.get(to.id());
    }
}
