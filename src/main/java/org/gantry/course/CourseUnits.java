package org.gantry.course;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.MarketplaceService;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A course's ordered units with their notes, marketplace links and assignments. Instructors
 * see drafts and how many of the audience opened each note; the audience sees a unit once its
 * publishing time has come (by the injected clock).
 */
@Service
public class CourseUnits {

    private final NamedParameterJdbcTemplate jdbc;
    private final CourseService courses;
    private final MarketplaceService market;

    CourseUnits(NamedParameterJdbcTemplate jdbc, CourseService courses, MarketplaceService market) {
        this.jdbc = jdbc;
        this.courses = courses;
        this.market = market;
    }

    /** The units the caller may see, in order. */
    @Transactional(readOnly = true)
    public List<Unit> units(long courseId) {
        Caller caller = courses.caller();
        Course course = courses.find(courseId, caller).orElseThrow(() -> CourseService.notFound(courseId));
        return jdbc.query("select * from course_unit where course_id = :course and (:all or publish_at <= :now)"
                + " order by position, id", new MapSqlParameterSource("course", courseId)
                .addValue("all", course.instructor()).addValue("now", Timestamp.from(courses.now())),
                (rs, n) -> unit(rs, course.instructor()));
    }

    /** One unit the caller may see; not found otherwise. */
    @Transactional(readOnly = true)
    public Unit unit(long courseId, long unitId) {
        return units(courseId).stream().filter(u -> u.id() == unitId).findFirst()
                .orElseThrow(() -> CourseException.notFound("Unit " + unitId + " of course " + courseId));
    }

    @Transactional
    public Unit add(long courseId, String title, String description) {
        courses.requireTeaching(courseId, courses.caller());
        String t = CourseService.text(title, "unit title", Unit.TITLE_MAX, true);
        var p = new MapSqlParameterSource("course", courseId).addValue("title", t)
                .addValue("description", description == null ? "" : description)
                .addValue("now", Timestamp.from(courses.now()));
        long id = jdbc.queryForObject("insert into course_unit (course_id, position, title, description, created_at)"
                + " values (:course, (select coalesce(max(position), 0) + 1 from course_unit where course_id = :course),"
                + " :title, :description, :now) returning id", p, Long.class);
        return unit(courseId, id);
    }

    /** Changes a unit's title, description or place (1 is first); empty keeps the value. */
    @Transactional
    public Unit update(long courseId, long unitId, Optional<String> title, Optional<String> description,
                       OptionalInt position) {
        requireTeachingUnit(courseId, unitId);
        var p = new MapSqlParameterSource("id", unitId).addValue("course", courseId);
        title.ifPresent(t -> jdbc.update("update course_unit set title = :title where id = :id",
                p.addValue("title", CourseService.text(t, "unit title", Unit.TITLE_MAX, true))));
        description.ifPresent(d -> jdbc.update("update course_unit set description = :d where id = :id",
                p.addValue("d", d)));
        if (position.isPresent()) {
            List<Long> order = new java.util.ArrayList<>(jdbc.queryForList("select id from course_unit where course_id"
                    + " = :course order by position, id", p, Long.class));
            order.remove(unitId);
            order.add(Math.max(0, Math.min(order.size(), position.getAsInt() - 1)), unitId);
            for (int i = 0; i < order.size(); i++) {
                jdbc.update("update course_unit set position = :pos where id = :unit",
                        new MapSqlParameterSource("pos", i + 1).addValue("unit", order.get(i)));
            }
        }
        return unit(courseId, unitId);
    }

    /** Publishes a unit at {@code at}, or now when empty; the audience sees it from then on. */
    @Transactional
    public Unit publish(long courseId, long unitId, Optional<Instant> at) {
        requireTeachingUnit(courseId, unitId);
        jdbc.update("update course_unit set publish_at = :at where id = :id", new MapSqlParameterSource("id", unitId)
                .addValue("at", Timestamp.from(at.orElse(courses.now()))));
        return unit(courseId, unitId);
    }

    /** Makes a unit a draft again, seen by its instructors only. */
    @Transactional
    public Unit unpublish(long courseId, long unitId) {
        requireTeachingUnit(courseId, unitId);
        jdbc.update("update course_unit set publish_at = null where id = :id", new MapSqlParameterSource("id", unitId));
        return unit(courseId, unitId);
    }

    @Transactional
    public void delete(long courseId, long unitId) {
        requireTeachingUnit(courseId, unitId);
        jdbc.update("delete from course_unit where id = :id", new MapSqlParameterSource("id", unitId));
    }

    /** Points the unit at a marketplace item the instructor may see. */
    @Transactional
    public Unit link(long courseId, long unitId, String itemRef) {
        requireTeachingUnit(courseId, unitId);
        MarketItem item;
        try {
            item = market.get(itemRef);
        } catch (MarketplaceException e) {
            throw CourseException.invalid("No marketplace item " + itemRef + " that you may see.");
        }
        jdbc.update("insert into course_link (unit_id, item_id, position) values (:unit, :item, (select"
                + " coalesce(max(position), 0) + 1 from course_link where unit_id = :unit)) on conflict do nothing",
                new MapSqlParameterSource("unit", unitId).addValue("item", item.id()));
        return unit(courseId, unitId);
    }

    @Transactional
    public Unit unlink(long courseId, long unitId, String itemName) {
        requireTeachingUnit(courseId, unitId);
        jdbc.update("delete from course_link l using market_item i where l.unit_id = :unit and l.item_id = i.id and"
                + " i.name = :name", new MapSqlParameterSource("unit", unitId).addValue("name", itemName));
        return unit(courseId, unitId);
    }

    /** The unit when the caller teaches its course. */
    void requireTeachingUnit(long courseId, long unitId) {
        courses.requireTeaching(courseId, courses.caller());
        Integer found = jdbc.queryForObject("select count(*) from course_unit where id = :id and course_id = :course",
                new MapSqlParameterSource("id", unitId).addValue("course", courseId), Integer.class);
        if (found == null || found == 0) {
            throw CourseException.notFound("Unit " + unitId + " of course " + courseId);
        }
    }

    private Unit unit(ResultSet rs, boolean instructor) throws SQLException {
        long id = rs.getLong("id");
        Timestamp at = rs.getTimestamp("publish_at");
        Optional<Instant> publishAt = Optional.ofNullable(at).map(Timestamp::toInstant);
        var p = new MapSqlParameterSource("unit", id);
        List<Material> materials = jdbc.query("select distinct on (m.name) m.*, (select count(*) from"
                + " course_material_open o where o.unit_id = m.unit_id and o.name = m.name) as opened from"
                + " course_material m where m.unit_id = :unit order by m.name, m.version desc", p,
                (r, n) -> new Material(id, r.getString("name"), r.getInt("version"), r.getLong("size"),
                        r.getString("content_type"), r.getString("sha256"), r.getTimestamp("created_at").toInstant(),
                        instructor ? r.getInt("opened") : -1));
        List<Unit.Link> links = jdbc.query("select i.name, i.display_name, i.type from course_link l join market_item i"
                + " on i.id = l.item_id where l.unit_id = :unit order by l.position", p,
                (r, n) -> new Unit.Link(r.getString(1), r.getString(2), r.getString(3)));
        List<Assignment> assignments = jdbc.query("select a.*, u.course_id, i.name as item_name from course_assignment a"
                + " join course_unit u on u.id = a.unit_id left join market_item i on i.id = a.template_item_id"
                + " where a.unit_id = :unit order by a.due_at nulls last, a.id", p, (r, n) -> assignment(r));
        return new Unit(id, rs.getLong("course_id"), rs.getInt("position"), rs.getString("title"),
                rs.getString("description"), publishAt, publishAt.filter(t -> !t.isAfter(courses.now())).isPresent(),
                materials, links, assignments);
    }

    static Assignment assignment(ResultSet r) throws SQLException {
        Timestamp due = r.getTimestamp("due_at");
        return new Assignment(r.getLong("id"), r.getLong("course_id"), r.getLong("unit_id"), r.getString("title"),
                r.getString("description"), Optional.ofNullable(r.getString("item_name")),
                optionalInt(r, "template_version"), r.getString("yaml"),
                Optional.ofNullable(due).map(Timestamp::toInstant), r.getString("virtual_cluster"),
                new Assignment.Limits(optionalInt(r, "max_gpu"), optionalInt(r, "max_cpu"),
                        optionalInt(r, "max_memory_mb")));
    }

    private static OptionalInt optionalInt(ResultSet r, String column) throws SQLException {
        int v = r.getInt(column);
        return r.wasNull() ? OptionalInt.empty() : OptionalInt.of(v);
    }
}
