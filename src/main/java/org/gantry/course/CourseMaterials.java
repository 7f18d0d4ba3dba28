package org.gantry.course;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.gantry.marketplace.FileKinds;
import org.gantry.marketplace.MarketplaceException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Lecture notes: PDF, PPT/PPTX, ODP and Markdown files of a unit, checked by name and content
 * with the marketplace's {@link FileKinds}, bounded in size, kept in the {@link MaterialFileStore}.
 * Uploading a name again adds a version; readers get the newest unless they ask for one.
 */
@Service
public class CourseMaterials {

    /** Default bound on one note: 50 MiB. */
    public static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;

    /** The store's key prefix of a note's PDF preview: no note name holds a '/'. */
    private static final String PREVIEW = "preview/";

    public static final Set<String> EXTENSIONS = Set.of("pdf", "ppt", "pptx", "odp", "md");

    private final NamedParameterJdbcTemplate jdbc;
    private final CourseService courses;
    private final CourseUnits units;
    private final MaterialFileStore store;
    private final long maxBytes;
    private final SlidePreviewer previewer;

    CourseMaterials(NamedParameterJdbcTemplate jdbc, CourseService courses, CourseUnits units, MaterialFileStore store,
                    @Value("${gantry.courses.max-file-bytes:" + DEFAULT_MAX_BYTES + "}") long maxBytes,
                    SlidePreviewer previewer) {
        this.previewer = previewer;
        this.jdbc = jdbc;
        this.courses = courses;
        this.units = units;
        this.store = store;
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** Stores {@code in} as a new version of note {@code name}; the caller closes {@code in}. */
    @Transactional
    public Material upload(long courseId, long unitId, String name, InputStream in) {
        checkName(name);
        units.requireTeachingUnit(courseId, unitId);
        Caller caller = courses.caller();
        int version = jdbc.queryForObject("select coalesce(max(version), 0) + 1 from course_material where unit_id ="
                + " :unit and name = :name", new MapSqlParameterSource("unit", unitId).addValue("name", name),
                Integer.class);
        MaterialFileStore.Stored stored;
        try {
            stored = store.store(unitId, version, name, in, maxBytes);
        } catch (MaterialFileStore.TooLargeException e) {
            throw new CourseException(CourseException.Kind.TOO_LARGE, "File " + name + " is larger than "
                    + maxBytes / (1024 * 1024) + " MiB, the limit for one note.");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String contentType;
        try {
            contentType = FileKinds.contentType(name, stored.head());
        } catch (MarketplaceException refused) {
            deleteQuietly(unitId, version, name);
            throw CourseException.invalid(refused.getMessage());
        }
        jdbc.update("insert into course_material (unit_id, name, version, size, content_type, sha256, created_by,"
                + " created_at) values (:unit, :name, :v, :size, :type, :sha, :uid, :now)",
                new MapSqlParameterSource("unit", unitId).addValue("name", name).addValue("v", version)
                        .addValue("size", stored.size()).addValue("type", contentType).addValue("sha", stored.sha256())
                        .addValue("uid", caller.id()).addValue("now", Timestamp.from(courses.now())));
        return units.unit(courseId, unitId).materials().stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow();
    }

    /** The notes of a unit the caller may see, newest version of each. */
    @Transactional(readOnly = true)
    public List<Material> list(long courseId, long unitId) {
        return units.unit(courseId, unitId).materials();
    }

    /**
     * Opens a note (the newest version, or {@code version}) and, for the audience, counts that
     * the caller opened it; the caller closes the stream.
     */
    @Transactional
    public Download open(long courseId, long unitId, String name, Optional<Integer> version) {
        Unit unit = units.unit(courseId, unitId);
        Material newest = unit.materials().stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> CourseException.notFound("Note " + name + " of unit " + unitId));
        int v = version.orElse(newest.version());
        if (v < 1 || v > newest.version()) {
            throw CourseException.notFound("Version " + v + " of note " + name);
        }
        Material file = v == newest.version() ? newest : jdbc.queryForObject("select * from course_material where"
                + " unit_id = :unit and name = :name and version = :v", new MapSqlParameterSource("unit", unitId)
                .addValue("name", name).addValue("v", v), (r, n) -> new Material(unitId, name, v, r.getLong("size"),
                r.getString("content_type"), r.getString("sha256"), r.getTimestamp("created_at").toInstant(), -1));
        Caller caller = courses.caller();
        if (!courses.get(courseId).instructor()) {
            jdbc.update("insert into course_material_open (unit_id, name, user_id, opened_at) values (:unit, :name,"
                    + " :uid, :now) on conflict do nothing", new MapSqlParameterSource("unit", unitId)
                    .addValue("name", name).addValue("uid", caller.id()).addValue("now", Timestamp.from(courses.now())));
        }
        try {
            return new Download(file, store.open(unitId, file.version(), name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Publishes a note to units of other courses: its newest version becomes a new version of
     * the same name in each of {@code targetUnits}, which must all be units of courses the caller
     * teaches (checked before anything is copied). Each copy is seen by a course's audience once
     * its unit is published; the open counts start from nothing.
     */
    @Transactional
    public List<Shared> share(long courseId, long unitId, String name, List<Long> targetUnits) {
        units.requireTeachingUnit(courseId, unitId);
        Material note = units.unit(courseId, unitId).materials().stream().filter(m -> m.name().equals(name))
                .findFirst().orElseThrow(() -> CourseException.notFound("Note " + name + " of unit " + unitId));
        List<Long> targets = targetUnits.stream().distinct().filter(t -> t != unitId).toList();
        if (targets.isEmpty()) {
            throw CourseException.invalid("Choose at least one unit of another course to publish " + name + " to.");
        }
        Caller caller = courses.caller();
        List<UnitRef> allowed = shareTargets(caller);
        List<UnitRef> chosen = new ArrayList<>();
        for (long target : targets) {
            chosen.add(allowed.stream().filter(u -> u.unitId() == target).findFirst().orElseThrow(
                    () -> CourseException.notFound("Unit " + target + " of a course that you teach")));
        }
        List<Shared> shared = new ArrayList<>();
        for (UnitRef target : chosen) {
            int version = jdbc.queryForObject("select coalesce(max(version), 0) + 1 from course_material where"
                    + " unit_id = :unit and name = :name", new MapSqlParameterSource("unit", target.unitId())
                    .addValue("name", name), Integer.class);
            try (InputStream in = store.open(unitId, note.version(), name)) {
                store.store(target.unitId(), version, name, in, Long.MAX_VALUE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            jdbc.update("insert into course_material (unit_id, name, version, size, content_type, sha256, created_by,"
                    + " created_at) values (:unit, :name, :v, :size, :type, :sha, :uid, :now)",
                    new MapSqlParameterSource("unit", target.unitId()).addValue("name", name).addValue("v", version)
                            .addValue("size", note.size()).addValue("type", note.contentType())
                            .addValue("sha", note.sha256()).addValue("uid", caller.id())
                            .addValue("now", Timestamp.from(courses.now())));
            shared.add(new Shared(target, version));
        }
        return shared;
    }

    /** The units a note of {@code unitId} may be published to: every unit of the courses the caller teaches but that one. */
    @Transactional(readOnly = true)
    public List<UnitRef> shareTargets(long courseId, long unitId) {
        units.requireTeachingUnit(courseId, unitId);
        return shareTargets(courses.caller()).stream().filter(u -> u.unitId() != unitId).toList();
    }

    private List<UnitRef> shareTargets(Caller caller) {
        return jdbc.query("select c.id as course_id, c.code, c.term, u.id as unit_id, u.position, u.title from course c"
                + " join course_unit u on u.course_id = c.id where " + Caller.TEACHES + " order by c.term desc,"
                + " c.code, u.position, u.id", CourseService.params(caller), (r, n) -> new UnitRef(r.getLong(
                "course_id"), r.getLong("unit_id"), r.getString("code") + (r.getString("term").isEmpty() ? ""
                : " (" + r.getString("term") + ")") + " · " + r.getInt("position") + ". " + r.getString("title")));
    }

    /** Whether this server makes PDF previews of slides (LibreOffice is installed). */
    public boolean previewsAvailable() {
        return previewer.available();
    }

    /**
     * A PDF preview of slides (the newest version), made on first request and kept beside the
     * note; counts as opening the note. Not found when the note is no slides or the server has
     * no converter; refused with the converter's reason when the file cannot be converted.
     */
    @Transactional
    public Download preview(long courseId, long unitId, String name) {
        Download slides = open(courseId, unitId, name, Optional.empty());
        Material note = slides.file();
        try (InputStream in = slides.in()) {
            if (!note.isSlides()) {
                throw CourseException.notFound("A preview of " + name + ": previews are made of PPT, PPTX and ODP"
                        + " slides only");
            }
            if (!previewer.available()) {
                throw CourseException.notFound("A preview of " + name + ": this server cannot convert slides;"
                        + " download them instead");
            }
            String key = PREVIEW + name;
            try {
                return new Download(note, store.open(unitId, note.version(), key));
            } catch (java.nio.file.NoSuchFileException absent) {
                // not made yet
            }
            Path work = Files.createTempDirectory("gantry-slides-");
            try {
                Path source = work.resolve("slides" + name.substring(name.lastIndexOf('.')).toLowerCase(Locale.ROOT));
                Files.copy(in, source);
                Path pdf = work.resolve("preview.pdf");
                try {
                    previewer.toPdf(source, pdf);
                } catch (IOException failed) {
                    throw CourseException.invalid("No preview of " + name + ": " + failed.getMessage()
                            + " Download the slides instead.");
                }
                try (InputStream made = Files.newInputStream(pdf)) {
                    store.store(unitId, note.version(), key, made, Long.MAX_VALUE);
                }
            } finally {
                try (var files = Files.list(work)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(work);
            }
            return new Download(note, store.open(unitId, note.version(), key));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes every version of a note. */
    @Transactional
    public void delete(long courseId, long unitId, String name) {
        units.requireTeachingUnit(courseId, unitId);
        List<Integer> versions = jdbc.queryForList("delete from course_material where unit_id = :unit and name = :name"
                + " returning version", new MapSqlParameterSource("unit", unitId).addValue("name", name), Integer.class);
        if (versions.isEmpty()) {
            throw CourseException.notFound("Note " + name + " of unit " + unitId);
        }
        jdbc.update("delete from course_material_open where unit_id = :unit and name = :name",
                new MapSqlParameterSource("unit", unitId).addValue("name", name));
        versions.forEach(v -> {
            deleteQuietly(unitId, v, name);
            deleteQuietly(unitId, v, PREVIEW + name);
        });
    }

    static void checkName(String name) {
        FileKinds.checkName(name).ifPresent(problem -> {
            throw CourseException.invalid(problem);
        });
        String ext = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        if (!EXTENSIONS.contains(ext)) {
            throw CourseException.invalid("Lecture notes are PDF, PPT, PPTX, ODP or Markdown (.md) files; " + name
                    + " is not one of them.");
        }
    }

    private void deleteQuietly(long unitId, int version, String name) {
        try {
            store.delete(unitId, version, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A unit of a course the caller teaches, named for a chooser: {@code CS101 (2026) · 2. Week 2}. */
    public record UnitRef(long courseId, long unitId, String label) {
    }

    /** A note published to {@code unit} as its {@code version}. */
    public record Shared(UnitRef unit, int version) {
    }

    /** A note opened for reading. */
    public record Download(Material file, InputStream in) {
    }
}
