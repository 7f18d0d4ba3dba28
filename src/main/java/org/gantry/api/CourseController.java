package org.gantry.api;

import static org.gantry.api.BodyFields.strings;
import static org.gantry.api.BodyFields.text;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.course.Assignment;
import org.gantry.course.AssignmentDraft;
import org.gantry.course.Course;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseCopies;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.course.Material;
import org.gantry.course.Unit;
import org.gantry.job.JobSummary;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * Courses over REST. Every call is the signed-in caller's: a course they neither teach nor
 * attend, and its notes and assignments, are 404; drafts are their instructors' only. Times
 * are ISO-8601 instants in JSON, or epoch milliseconds.
 */
@RestController
@RequestMapping("/api/v2/courses")
@Tag(name = "courses", description = "Courses: units of lecture notes, marketplace links and assignments")
class CourseController {

    private final CourseService courses;
    private final CourseUnits units;
    private final CourseMaterials materials;
    private final CourseAssignments assignments;
    private final CourseCopies copies;

    CourseController(CourseService courses, CourseUnits units, CourseMaterials materials,
                     CourseAssignments assignments, CourseCopies copies) {
        this.copies = copies;
        this.courses = courses;
        this.units = units;
        this.materials = materials;
        this.assignments = assignments;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "Courses you teach or attend")
    List<Map<String, Object>> list() {
        return courses.list().stream().map(CourseController::json).toList();
    }

    @PostMapping({"", "/"})
    @Operation(summary = "Create a course (instructors)", description = "Body: {code, title, groups: [..], term?,"
            + " description? (Markdown), instructors?: [..], enrolmentKey?}.")
    ResponseEntity<Map<String, Object>> create(@RequestBody Map<String, Object> body) {
        Course course = courses.create(draft(body));
        return ResponseEntity.created(URI.create("/api/v2/courses/" + course.id())).body(json(course));
    }

    @GetMapping("/{id}")
    @Operation(summary = "A course with the units you may see")
    Map<String, Object> get(@PathVariable long id) {
        Map<String, Object> json = json(courses.get(id));
        json.put("units", units.units(id).stream().map(CourseController::json).toList());
        return json;
    }

    @PutMapping("/{id}")
    @Operation(summary = "Change a course (its instructors)", description = "Absent fields keep their value.")
    Map<String, Object> update(@PathVariable long id, @RequestBody Map<String, Object> body) {
        return json(courses.update(id, draft(body)));
    }

    @DeleteMapping("/{id}")
    Map<String, String> delete(@PathVariable long id) {
        courses.delete(id);
        return Map.of("message", "Deleted course " + id + ".");
    }

    @PostMapping("/{id}/copy")
    @Operation(summary = "Copy a course to a new term", description = "Body: {term}; units arrive as drafts, with"
            + " their notes' newest versions, links and assignments (no due dates, no jobs).")
    ResponseEntity<Map<String, Object>> copy(@PathVariable long id, @RequestBody Map<String, Object> body) {
        Course copy = copies.copy(id, text(body, "term").orElseThrow(() -> ApiException.invalid(
                "term is the new term, like 2027 spring.")));
        return ResponseEntity.created(URI.create("/api/v2/courses/" + copy.id())).body(json(copy));
    }

    @PostMapping("/{id}/enrolment")
    @Operation(summary = "Join a course with its self-enrolment key", description = "Body: {key}.")
    Map<String, Object> enrol(@PathVariable long id, @RequestBody Map<String, Object> body) {
        return json(courses.enrol(id, text(body, "key").orElse("")));
    }

    @PostMapping("/{id}/units")
    @Operation(summary = "Add a unit", description = "Body: {title, description?, publish?: true, publishAt?}; a draft"
            + " unless published.")
    ResponseEntity<Map<String, Object>> addUnit(@PathVariable long id, @RequestBody Map<String, Object> body) {
        Unit unit = units.add(id, text(body, "title").orElse(""), text(body, "description").orElse(""));
        unit = publishing(id, unit.id(), body).orElse(unit);
        return ResponseEntity.created(URI.create("/api/v2/courses/" + id + "/units/" + unit.id())).body(json(unit));
    }

    @GetMapping("/{id}/units/{unit}")
    Map<String, Object> unit(@PathVariable long id, @PathVariable long unit) {
        return json(units.unit(id, unit));
    }

    @PutMapping("/{id}/units/{unit}")
    @Operation(summary = "Change, move, publish or unpublish a unit", description = "Body: {title?, description?,"
            + " position?, publish?: true|false, publishAt?}.")
    Map<String, Object> updateUnit(@PathVariable long id, @PathVariable long unit, @RequestBody Map<String, Object> body) {
        Unit changed = units.update(id, unit, text(body, "title"), text(body, "description"), integer(body, "position"));
        return json(publishing(id, unit, body).orElse(changed));
    }

    @DeleteMapping("/{id}/units/{unit}")
    Map<String, String> deleteUnit(@PathVariable long id, @PathVariable long unit) {
        units.delete(id, unit);
        return Map.of("message", "Deleted unit " + unit + ".");
    }

    @GetMapping("/{id}/units/{unit}/materials")
    List<Map<String, Object>> materials(@PathVariable long id, @PathVariable long unit) {
        return materials.list(id, unit).stream().map(CourseController::json).toList();
    }

    @PostMapping(value = "/{id}/units/{unit}/materials", consumes = "multipart/form-data")
    @Operation(summary = "Upload lecture notes", description = "Multipart, part name file: PDF, PPT, PPTX, ODP or"
            + " Markdown, checked by content; a name uploaded again becomes a new version.")
    ResponseEntity<List<Map<String, Object>>> upload(@PathVariable long id, @PathVariable long unit,
                                                     @RequestParam("file") List<MultipartFile> parts)
            throws IOException {
        List<Map<String, Object>> stored = new ArrayList<>();
        for (MultipartFile part : parts) {
            try (InputStream in = part.getInputStream()) {
                stored.add(json(materials.upload(id, unit, Optional.ofNullable(part.getOriginalFilename()).orElse(""),
                        in)));
            }
        }
        return ResponseEntity.status(HttpStatus.CREATED).body(stored);
    }

    @GetMapping("/{id}/units/{unit}/materials/{name}")
    @Operation(summary = "Download a note", description = "The newest version, or ?version=n; streamed.")
    void download(@PathVariable long id, @PathVariable long unit, @PathVariable String name,
                  @RequestParam Optional<Integer> version, HttpServletResponse response) throws IOException {
        CourseMaterials.Download download = materials.open(id, unit, name, version);
        try (InputStream in = download.in()) {
            response.setContentType(download.file().contentType());
            response.setContentLengthLong(download.file().size());
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("Content-Security-Policy", "sandbox");
            response.setHeader("Content-Disposition", ContentDisposition.attachment()
                    .filename(name, StandardCharsets.UTF_8).build().toString());
            in.transferTo(response.getOutputStream());
        }
    }

    @GetMapping("/{id}/units/{unit}/materials/{name}/preview")
    @Operation(summary = "A PDF preview of slides", description = "PPT, PPTX and ODP notes, where the server has"
            + " LibreOffice; made on first request, then kept. 404 with the reason otherwise.")
    void preview(@PathVariable long id, @PathVariable long unit, @PathVariable String name,
                 HttpServletResponse response) throws IOException {
        CourseMaterials.Download preview = materials.preview(id, unit, name);
        try (InputStream in = preview.in()) {
            response.setContentType("application/pdf");
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("Content-Security-Policy", "sandbox");
            response.setHeader("Content-Disposition", ContentDisposition.inline()
                    .filename(name + ".pdf", StandardCharsets.UTF_8).build().toString());
            in.transferTo(response.getOutputStream());
        }
    }

    @DeleteMapping("/{id}/units/{unit}/materials/{name}")
    Map<String, String> deleteMaterial(@PathVariable long id, @PathVariable long unit, @PathVariable String name) {
        materials.delete(id, unit, name);
        return Map.of("message", "Deleted note " + name + ".");
    }

    @PostMapping("/{id}/units/{unit}/materials/{name}/copies")
    @Operation(summary = "Publish a note to other courses", description = "Body: {units: [unit ids]}, units of courses"
            + " you teach; the note's newest version becomes a new version of the same name in each.")
    ResponseEntity<List<Map<String, Object>>> share(@PathVariable long id, @PathVariable long unit,
                                                    @PathVariable String name, @RequestBody Map<String, Object> body) {
        if (!(body.get("units") instanceof List<?> list) || list.isEmpty()
                || !list.stream().allMatch(u -> u instanceof Integer || u instanceof Long)) {
            throw ApiException.invalid("units is a list of unit ids, like [12, 31].");
        }
        List<Long> targets = list.stream().map(u -> ((Number) u).longValue()).toList();
        return ResponseEntity.status(HttpStatus.CREATED).body(materials.share(id, unit, name, targets).stream()
                .map(s -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("course", s.unit().courseId());
                    json.put("unit", s.unit().unitId());
                    json.put("name", name);
                    json.put("version", s.version());
                    return json;
                }).toList());
    }

    @PostMapping("/{id}/units/{unit}/links")
    @Operation(summary = "Link a marketplace item to a unit", description = "Body: {item}.")
    Map<String, Object> link(@PathVariable long id, @PathVariable long unit, @RequestBody Map<String, Object> body) {
        return json(units.link(id, unit, text(body, "item").orElseThrow(() -> ApiException.invalid(
                "item is a marketplace item's name or id."))));
    }

    @DeleteMapping("/{id}/units/{unit}/links/{item}")
    Map<String, Object> unlink(@PathVariable long id, @PathVariable long unit, @PathVariable String item) {
        return json(units.unlink(id, unit, item));
    }

    @PostMapping("/{id}/assignments")
    @Operation(summary = "Add an assignment to a unit", description = "Body: {unit, title, yaml | template (item name),"
            + " templateVersion?, due?, virtualCluster?, limits?: {gpu?, cpu?, memoryMB?}, description?}.")
    ResponseEntity<Map<String, Object>> addAssignment(@PathVariable long id, @RequestBody Map<String, Object> body) {
        long unit = integer(body, "unit").orElseThrow(() -> ApiException.invalid("unit is the id of the unit that holds"
                + " the assignment."));
        Assignment a = assignments.create(id, unit, assignmentDraft(body));
        return ResponseEntity.created(URI.create("/api/v2/courses/" + id + "/assignments/" + a.id())).body(json(a));
    }

    @GetMapping("/{id}/assignments/{assignment}")
    @Operation(summary = "An assignment", description = "protocol is the document Start opens, prefilled.")
    Map<String, Object> assignment(@PathVariable long id, @PathVariable long assignment) {
        Map<String, Object> json = json(assignments.get(id, assignment));
        json.put("protocol", assignments.prefill(id, assignment));
        return json;
    }

    @PutMapping("/{id}/assignments/{assignment}")
    Map<String, Object> updateAssignment(@PathVariable long id, @PathVariable long assignment,
                                         @RequestBody Map<String, Object> body) {
        return json(assignments.update(id, assignment, assignmentDraft(body)));
    }

    @DeleteMapping("/{id}/assignments/{assignment}")
    Map<String, String> deleteAssignment(@PathVariable long id, @PathVariable long assignment) {
        assignments.delete(id, assignment);
        return Map.of("message", "Deleted assignment " + assignment + ".");
    }

    @GetMapping("/{id}/assignments/{assignment}/jobs")
    @Operation(summary = "Jobs of an assignment", description = "Instructors: each student's latest job; students:"
            + " their own jobs. ?format=csv for a spreadsheet.")
    ResponseEntity<?> jobs(@PathVariable long id, @PathVariable long assignment, @RequestParam Optional<String> format) {
        List<CourseAssignments.Result> rows = assignments.results(id, assignment);
        if (format.filter("csv"::equalsIgnoreCase).isPresent()) {
            return ResponseEntity.ok().contentType(new MediaType("text", "csv", StandardCharsets.UTF_8))
                    .header("Content-Disposition", ContentDisposition.attachment().filename("assignment-" + assignment
                            + "-jobs.csv").build().toString()).body(CourseAssignments.csv(rows));
        }
        if (format.filter(f -> !f.equalsIgnoreCase("json")).isPresent()) {
            throw ApiException.invalid("format is json or csv.");
        }
        return ResponseEntity.ok(rows.stream().map(CourseController::json).toList());
    }

    @PostMapping("/{id}/assignments/{assignment}/jobs")
    @Operation(summary = "Start an assignment", description = "Body: {yaml?}; without yaml the prefilled document is"
            + " submitted. The job is linked to the assignment.")
    ResponseEntity<Map<String, Object>> start(@PathVariable long id, @PathVariable long assignment,
                                              @RequestBody(required = false) Map<String, Object> body) {
        JobSummary job = assignments.submit(id, assignment, text(body == null ? Map.of() : body, "yaml"));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("message", "Submitted job " + job.username() + "~" + job.name() + " for assignment " + assignment
                + ".");
        json.put("job", Map.of("username", job.username(), "name", job.name()));
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(json);
    }

    private Optional<Unit> publishing(long id, long unit, Map<String, Object> body) {
        Optional<Instant> at = instant(body, "publishAt");
        Object publish = body.get("publish");
        if (publish != null && !(publish instanceof Boolean)) {
            throw ApiException.invalid("publish is true or false.");
        }
        if (Boolean.FALSE.equals(publish)) {
            return Optional.of(units.unpublish(id, unit));
        }
        if (Boolean.TRUE.equals(publish) || at.isPresent()) {
            return Optional.of(units.publish(id, unit, at));
        }
        return Optional.empty();
    }

    static Map<String, Object> json(Course c) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", c.id());
        json.put("code", c.code());
        json.put("title", c.title());
        json.put("term", c.term());
        json.put("description", c.description());
        json.put("groups", c.groups());
        json.put("instructors", c.instructors());
        json.put("enrolmentKey", c.hasEnrolmentKey());
        json.put("instructor", c.instructor());
        json.put("newUnits", c.newUnits());
        json.put("createdAt", c.createdAt().toString());
        json.put("updatedAt", c.updatedAt().toString());
        return json;
    }

    static Map<String, Object> json(Unit u) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", u.id());
        json.put("position", u.position());
        json.put("title", u.title());
        json.put("description", u.description());
        json.put("published", u.published());
        json.put("publishAt", u.publishAt().map(Instant::toString).orElse(null));
        json.put("materials", u.materials().stream().map(CourseController::json).toList());
        json.put("links", u.links());
        json.put("assignments", u.assignments().stream().map(CourseController::json).toList());
        return json;
    }

    static Map<String, Object> json(Material m) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", m.name());
        json.put("version", m.version());
        json.put("size", m.size());
        json.put("contentType", m.contentType());
        json.put("sha256", m.sha256());
        json.put("createdAt", m.createdAt().toString());
        if (m.openedBy() >= 0) {
            json.put("openedBy", m.openedBy());
        }
        return json;
    }

    static Map<String, Object> json(Assignment a) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", a.id());
        json.put("unit", a.unitId());
        json.put("title", a.title());
        json.put("description", a.description());
        json.put("template", a.templateItem().orElse(null));
        json.put("templateVersion", a.templateVersion().isPresent() ? a.templateVersion().getAsInt() : null);
        json.put("due", a.dueAt().map(Instant::toString).orElse(null));
        json.put("virtualCluster", a.virtualCluster());
        Map<String, Object> limits = new LinkedHashMap<>();
        a.limits().gpu().ifPresent(v -> limits.put("gpu", v));
        a.limits().cpu().ifPresent(v -> limits.put("cpu", v));
        a.limits().memoryMB().ifPresent(v -> limits.put("memoryMB", v));
        json.put("limits", limits);
        return json;
    }

    static Map<String, Object> json(CourseAssignments.Result r) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("student", r.student());
        json.put("job", r.job().orElse(null));
        json.put("state", r.state());
        json.put("exitCode", r.exitCode().orElse(null));
        json.put("runtimeSeconds", r.runtime().map(d -> d.toSeconds()).orElse(null));
        json.put("submittedAt", r.submittedAt().map(Instant::toString).orElse(null));
        json.put("late", r.late());
        json.put("jobs", r.jobs());
        return json;
    }

    private static CourseDraft draft(Map<String, Object> body) {
        return new CourseDraft(text(body, "code"), text(body, "title"), text(body, "term"), text(body, "description"),
                strings(body, "groups"), strings(body, "instructors"), text(body, "enrolmentKey"));
    }

    private static AssignmentDraft assignmentDraft(Map<String, Object> body) {
        Optional<Assignment.Limits> limits = Optional.empty();
        if (body.get("limits") != null) {
            if (!(body.get("limits") instanceof Map<?, ?> map)) {
                throw ApiException.invalid("limits is an object {gpu?, cpu?, memoryMB?}.");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> l = (Map<String, Object>) map;
            limits = Optional.of(new Assignment.Limits(integer(l, "gpu"), integer(l, "cpu"), integer(l, "memoryMB")));
        }
        return new AssignmentDraft(text(body, "title"), text(body, "description"), text(body, "template"),
                integer(body, "templateVersion"), text(body, "yaml"), instant(body, "due"),
                text(body, "virtualCluster"), limits);
    }

    private static Optional<Instant> instant(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof Number n) {
            return Optional.of(Instant.ofEpochMilli(n.longValue()));
        }
        try {
            return Optional.of(Instant.parse(String.valueOf(value)));
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(field + " is an ISO-8601 instant like 2026-03-01T09:00:00Z, or epoch"
                    + " milliseconds.");
        }
    }

    private static OptionalInt integer(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null) {
            return OptionalInt.empty();
        }
        if (!(value instanceof Integer n) || n < 0) {
            throw ApiException.invalid(field + " is a whole number, 0 or more.");
        }
        return OptionalInt.of(n);
    }
}
