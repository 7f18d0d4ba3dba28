package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "gantry.runtime.enabled=true", "gantry.runtime.local.cpu=4", "gantry.runtime.local.memory-mb=16384",
    "gantry.runtime.local.allow-same-user=true", "gantry.courses.max-file-bytes=100000"})
class CourseApiIT {

    static final byte[] PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);

    @LocalServerPort
    int port;

    RestClient admin;
    RestClient teacher;
    RestClient student;
    RestClient outsider;
    String group;

    @BeforeEach
    void people() {
        admin = RestClient.admin(port);
        group = TestJobs.uniqueName("class").toLowerCase();
        assertThat(admin.postJson("/api/v2/groups", Map.of("groupname", group, "extension",
                Map.of("acls", Map.of("virtualClusters", List.of("default"))))).status()).isEqualTo(201);
        teacher = user("teacher", "INSTRUCTOR", List.of("default"));
        student = user("student", "USER", List.of("default", group));
        outsider = user("outsider", "USER", List.of("default"));
    }

    @Test
    void an_instructor_publishes_a_unit_a_student_runs_the_assignment_and_outsiders_see_nothing() throws Exception {
        Response created = teacher.postJson("/api/v2/courses", Map.of("code", "CS101", "title", "Intro to clusters",
                "term", group, "groups", List.of(group), "description", "Week by *week*."));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        long id = created.json().get("id").asLong();
        String course = "/api/v2/courses/" + id;

        Response unit = teacher.postJson(course + "/units", Map.of("title", "Week 1"));
        assertThat(unit.status()).as(unit.toString()).isEqualTo(201);
        long unitId = unit.json().get("id").asLong();
        assertThat(unit.json().get("published").asBoolean()).isFalse();
        assertThat(upload(teacher, id, unitId, "lecture 1.pdf", PDF).status()).isEqualTo(201);
        Response assignment = teacher.postJson(course + "/assignments", Map.of("unit", unitId, "title", "Say hello",
                "yaml", RuntimeJobs.job("hello", "", "echo hello"), "due", "2099-01-01T00:00:00Z",
                "virtualCluster", "default", "limits", Map.of("gpu", 0, "cpu", 2)));
        assertThat(assignment.status()).as(assignment.toString()).isEqualTo(201);
        long assignmentId = assignment.json().get("id").asLong();
        String task = course + "/assignments/" + assignmentId;
        String note = course + "/units/" + unitId + "/materials/lecture%201.pdf";

        // a draft is the instructors' only
        JsonNode seen = student.get(course).json();
        assertThat(seen.get("units")).isEmpty();
        assertThat(seen.get("newUnits").asInt()).isZero();
        assertThat(student.get(note).status()).isEqualTo(404);
        assertThat(student.get(task).status()).isEqualTo(404);

        assertThat(teacher.putJson(course + "/units/" + unitId, Map.of("publish", true)).json().get("published")
                .asBoolean()).isTrue();
        seen = student.get(course).json();
        assertThat(seen.get("newUnits").asInt()).isEqualTo(1);
        assertThat(seen.at("/units/0/materials/0/name").asText()).isEqualTo("lecture 1.pdf");
        assertThat(seen.at("/units/0/materials/0/openedBy").isMissingNode()).isTrue();
        Response pdf = student.get(note);
        assertThat(pdf.status()).isEqualTo(200);
        assertThat(pdf.contentType()).isEqualTo("application/pdf");
        assertThat(pdf.body()).startsWith("%PDF-");
        assertThat(teacher.get(course).json().at("/units/0/materials/0/openedBy").asInt()).isEqualTo(1);

        // the student's prefilled document runs on the assignment's cluster, within its limits
        assertThat(student.get(task).json().get("protocol").asText()).contains("virtualCluster: default");
        Response refused = student.postJson(task + "/jobs", Map.of("yaml", RuntimeJobs.job("greedy",
                "resourcePerInstance:\n  cpu: 3\n  memoryMB: 512\n  gpu: 0", "true")));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").asText()).contains("at most 2");
        Response started = student.postJson(task + "/jobs", Map.of());
        assertThat(started.status()).as(started.toString()).isEqualTo(202);
        String job = started.json().at("/job/name").asText();
        RuntimeJobs.await(student, student.username(), job, RuntimeJobs.state("SUCCEEDED"), Duration.ofSeconds(120));

        JsonNode table = teacher.get(task + "/jobs").json();
        assertThat(table).hasSize(1);
        assertThat(table.at("/0/student").asText()).isEqualTo(student.username());
        assertThat(table.at("/0/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(table.at("/0/exitCode").asInt()).isZero();
        assertThat(table.at("/0/job").asText()).isEqualTo(student.username() + "~" + job);
        Response csv = teacher.get(task + "/jobs?format=csv");
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.body()).startsWith("student,job,state,exit_code,runtime_seconds,submitted_at,late,jobs\r\n")
                .contains(student.username() + "," + student.username() + "~" + job + ",SUCCEEDED,0,");
        assertThat(student.get(task + "/jobs").json()).hasSize(1);

        for (String path : List.of(course, note, task, task + "/jobs", course + "/units/" + unitId)) {
            Response hidden = outsider.get(path);
            assertThat(hidden.status()).as(path).isEqualTo(404);
            assertThat(hidden.body()).doesNotContain("CS101").doesNotContain("Intro");
        }
        assertThat(outsider.get("/api/v2/courses").json()).isEmpty();
        assertThat(outsider.postJson(task + "/jobs", Map.of()).status()).isEqualTo(404);
        assertThat(student.putJson(course, Map.of("title", "Mine now")).status()).isEqualTo(403);
    }

    @Test
    void notes_are_versioned_checked_by_content_and_bounded() throws Exception {
        long id = teacher.postJson("/api/v2/courses", Map.of("code", "ML1", "title", "ML", "term", group, "groups",
                List.of(group))).json().get("id").asLong();
        long unitId = teacher.postJson("/api/v2/courses/" + id + "/units", Map.of("title", "Intro", "publish", true))
                .json().get("id").asLong();
        assertThat(upload(teacher, id, unitId, "notes.pdf", PDF).status()).isEqualTo(201);
        RestClient.Response again = upload(teacher, id, unitId, "notes.pdf", (new String(PDF,
                StandardCharsets.US_ASCII) + "% v2\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(again.body()).contains("\"version\":2");
        assertThat(upload(teacher, id, unitId, "slides.pptx", new byte[] {'P', 'K', 3, 4, 0}).status())
                .isEqualTo(201);
        assertThat(upload(teacher, id, unitId, "fake.pdf", "<html><script>x</script>".getBytes()).status())
                .isEqualTo(400);
        assertThat(upload(teacher, id, unitId, "run.sh", "echo".getBytes()).status()).isEqualTo(400);
        assertThat(upload(teacher, id, unitId, "../../x.pdf", PDF).status()).isEqualTo(400);
        assertThat(upload(teacher, id, unitId, "big.pdf", new byte[200_000]).status()).isEqualTo(413);
        assertThat(upload(student, id, unitId, "mine.pdf", PDF).status()).isEqualTo(403);
        assertThat(upload(outsider, id, unitId, "mine.pdf", PDF).status()).isEqualTo(404);
        String notes = "/api/v2/courses/" + id + "/units/" + unitId + "/materials/notes.pdf";
        assertThat(student.get(notes).body()).endsWith("% v2\n");
        assertThat(student.get(notes + "?version=1").body()).doesNotContain("% v2");
        assertThat(student.get(notes + "?version=3").status()).isEqualTo(404);
    }

    @Test
    void a_course_copied_to_a_new_term_has_its_units_as_drafts_with_their_notes_and_assignments() throws Exception {
        long id = teacher.postJson("/api/v2/courses", Map.of("code", "CP1", "title", "Copied", "term", group, "groups",
                List.of(group))).json().get("id").asLong();
        long unitId = teacher.postJson("/api/v2/courses/" + id + "/units", Map.of("title", "Week 1", "publish", true))
                .json().get("id").asLong();
        assertThat(upload(teacher, id, unitId, "notes.pdf", PDF).status()).isEqualTo(201);
        assertThat(teacher.postJson("/api/v2/courses/" + id + "/assignments", Map.of("unit", unitId, "title", "Run",
                "yaml", RuntimeJobs.job("run", "", "true"), "due", "2030-01-01T00:00:00Z")).status()).isEqualTo(201);
        assertThat(teacher.postJson("/api/v2/courses/" + id + "/copy", Map.of("term", group)).status())
                .isEqualTo(409);
        assertThat(student.postJson("/api/v2/courses/" + id + "/copy", Map.of("term", "next")).status())
                .isEqualTo(403);

        Response copied = teacher.postJson("/api/v2/courses/" + id + "/copy", Map.of("term", group + "-next"));
        assertThat(copied.status()).as(copied.toString()).isEqualTo(201);
        JsonNode copy = teacher.get("/api/v2/courses/" + copied.json().get("id").asLong()).json();
        assertThat(copy.get("code").asText()).isEqualTo("CP1");
        assertThat(copy.at("/units/0/published").asBoolean()).isFalse();
        assertThat(copy.at("/units/0/assignments/0/title").asText()).isEqualTo("Run");
        assertThat(copy.at("/units/0/assignments/0/due").isNull()).isTrue();
        assertThat(teacher.get("/api/v2/courses/" + copy.get("id").asLong() + "/units/" + copy.at("/units/0/id")
                .asLong() + "/materials/notes.pdf").body()).isEqualTo(new String(PDF, StandardCharsets.US_ASCII));
        assertThat(student.get("/api/v2/courses/" + copy.get("id").asLong()).json().get("units")).isEmpty();
    }

    @Test
    void only_instructors_create_courses_and_admins_make_instructors_over_rest() {
        Response refused = outsider.postJson("/api/v2/courses", Map.of("code", "X1", "title", "X", "groups",
                List.of(group)));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("message").asText()).contains("instructor");
        String name = outsider.username();
        assertThat(admin.putJson("/api/v2/users", Map.of("data", Map.of("username", name, "extension",
                Map.of("role", "INSTRUCTOR")), "patch", true)).status()).isEqualTo(201);
        assertThat(admin.get("/api/v2/users/" + name).json().at("/extension/role").asText()).isEqualTo("INSTRUCTOR");
        assertThat(teacher.postJson("/api/v2/courses", Map.of("code", "bad code!", "title", "X", "groups",
                List.of(group))).status()).isEqualTo(400);
        assertThat(teacher.postJson("/api/v2/courses", Map.of("code", "X2", "title", "X", "groups",
                List.of("no-such-group-" + group))).json().get("message").asText()).contains("No group named");
        assertThat(teacher.postJson("/api/v2/courses", Map.of("code", "X3", "title", "X", "groups", List.of(group),
                "instructors", List.of(student.username()))).status()).isEqualTo(400);
    }

    @Test
    void a_self_enrolment_key_lets_a_user_join_and_a_wrong_key_is_not_found() {
        long id = teacher.postJson("/api/v2/courses", Map.of("code", "OPEN1", "title", "Open", "term", group, "groups",
                List.of(group), "enrolmentKey", "let-me-in")).json().get("id").asLong();
        String course = "/api/v2/courses/" + id;
        assertThat(outsider.get(course).status()).isEqualTo(404);
        assertThat(outsider.postJson(course + "/enrolment", Map.of("key", "guess")).status()).isEqualTo(404);
        assertThat(outsider.postJson(course + "/enrolment", Map.of("key", "let-me-in")).status()).isEqualTo(200);
        assertThat(outsider.get(course).status()).isEqualTo(200);
    }

    private RestClient user(String prefix, String role, List<String> groups) {
        String name = TestJobs.uniqueName(prefix).toLowerCase();
        Response created = admin.postJson("/api/v2/users", Map.of("username", name, "password", "pw-" + name,
                "grouplist", groups, "extension", Map.of("role", role)));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return RestClient.anonymous(port).login(name, "pw-" + name);
    }

    private RestClient.Response upload(RestClient client, long course, long unit, String fileName, byte[] content) {
        return client.postFile("/api/v2/courses/" + course + "/units/" + unit + "/materials", fileName,
                "application/octet-stream", content);
    }
}
