package org.gantry.course.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gantry.testsupport.Browser;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.Slides;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The instructor's tools in Chromium and over REST: a note published to a unit of another
 * course, a marketplace link, slides previewed as a PDF the server made (where LibreOffice is
 * installed); who may publish where. Screenshots of the editor and the preview at 1400 and 420 px.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CourseNotesBrowserIT {

    @LocalServerPort
    int port;

    @Test
    void an_instructor_publishes_a_note_to_two_courses_and_a_student_previews_the_slides() throws Exception {
        RestClient admin = RestClient.admin(port);
        String group = "gn" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(admin.postJson("/api/v2/groups", Map.of("groupname", group, "extension",
                Map.of("acls", Map.of("virtualClusters", List.of("default"))))).status()).isEqualTo(201);
        String teacherName = user(admin, "tn", "INSTRUCTOR", List.of("default"));
        String otherTeacherName = user(admin, "tm", "INSTRUCTOR", List.of("default"));
        String studentName = user(admin, "sn", "USER", List.of("default", group));
        RestClient teacher = RestClient.anonymous(port).login(teacherName, "pw-" + teacherName);
        RestClient otherTeacher = RestClient.anonymous(port).login(otherTeacherName, "pw-" + otherTeacherName);
        RestClient student = RestClient.anonymous(port).login(studentName, "pw-" + studentName);

        long first = course(teacher, "HPC1", group);
        long second = course(teacher, "HPC2", group);
        long theirs = course(otherTeacher, "OTH1", group);
        long unit = unit(teacher, first, "Week 1: slides and a link");
        long secondUnit = unit(teacher, second, "Lecture 1");
        long theirUnit = unit(otherTeacher, theirs, "Lecture 1");
        assertThat(upload(teacher, first, unit, "week-1.odp", Slides.odp("Week one: queues and jobs"))).isEqualTo(201);
        assertThat(teacher.postJson("/api/v2/marketplace/items", Map.of("name", "qs-" + group, "displayName",
                "Queue tutorial", "type", "example", "visibility", "private")).status()).isEqualTo(201);
        assertThat(teacher.postJson("/api/v2/courses/" + first + "/units/" + unit + "/links", Map.of("item", "qs-"
                + group)).status()).isEqualTo(200);

        String share = "/api/v2/courses/" + first + "/units/" + unit + "/materials/week-1.odp/copies";
        assertThat(teacher.postJson(share, Map.of("units", "all")).status()).isEqualTo(400);
        assertThat(teacher.postJson(share, Map.of("units", List.of(theirUnit))).status()).isEqualTo(404);
        assertThat(otherTeacher.postJson(share, Map.of("units", List.of(theirUnit))).status()).isEqualTo(404);
        assertThat(student.postJson(share, Map.of("units", List.of(secondUnit))).status()).isEqualTo(403);
        RestClient.Response shared = teacher.postJson(share, Map.of("units", List.of(secondUnit)));
        assertThat(shared.status()).isEqualTo(201);
        assertThat(shared.json().at("/0/unit").asLong()).isEqualTo(secondUnit);
        assertThat(teacher.get("/api/v2/courses/" + second + "/units/" + secondUnit + "/materials").json()
                .at("/0/name").asText()).isEqualTo("week-1.odp");
        assertThat(otherTeacher.get("/api/v2/courses/" + theirs + "/units/" + theirUnit + "/materials").json())
                .isEmpty();
        assertThat(teacher.putJson("/api/v2/courses/" + first + "/units/" + unit, Map.of("publish", true)).status())
                .isEqualTo(200);

        assumeTrue(Browser.available(), "Debian chromium and chromium-driver are not installed");
        try (Browser browser = new Browser(port)) {
            browser.signIn(teacherName, "pw-" + teacherName);
            browser.await(By.id("current-user"));
            browser.open("/courses/" + first + "/edit");
            browser.await(By.cssSelector(".note-sharing"));
            browser.screenshot("course-editor-tools");
            browser.scrolledTo(By.cssSelector(".unit-links"));
            browser.screenshot("course-editor-tools-links");
            browser.width(420);
            browser.awaitFitsWidth();
            browser.screenshot("course-editor-tools-420");
            browser.scrolledTo(By.cssSelector(".note-sharing"));
            browser.screenshot("course-editor-tools-sharing-420");
        }
        String preview = "/api/v2/courses/" + first + "/units/" + unit + "/materials/week-1.odp/preview";
        RestClient.Response pdf = student.get(preview);
        if (pdf.status() == 404) {
            assertThat(pdf.body()).contains("cannot convert slides");
            return;
        }
        assertThat(pdf.status()).isEqualTo(200);
        assertThat(pdf.body()).startsWith("%PDF-");
        assertThat(teacher.get("/api/v2/courses/" + first + "/units/" + unit + "/materials").json()
                .at("/0/openedBy").asInt()).isEqualTo(1);
        try (Browser browser = new Browser(port)) {
            browser.signIn(studentName, "pw-" + studentName);
            browser.await(By.id("current-user"));
            browser.open("/courses/" + first);
            browser.await(By.cssSelector("vaadin-button[data-note='week-1.odp']")).click();
            browser.await(By.id("pdf-viewer"));
            browser.screenshot("course-slides-preview");
            browser.width(420);
            browser.screenshot("course-slides-preview-420");
        }
    }

    private long course(RestClient client, String code, String group) {
        return client.postJson("/api/v2/courses", Map.of("code", code, "title", "Clusters " + code, "term", group,
                "groups", List.of(group))).json().get("id").asLong();
    }

    private long unit(RestClient client, long course, String title) {
        return client.postJson("/api/v2/courses/" + course + "/units", Map.of("title", title)).json().get("id")
                .asLong();
    }

    private String user(RestClient admin, String prefix, String role, List<String> groups) {
        String name = prefix + UUID.randomUUID().toString().substring(0, 8);
        assertThat(admin.postJson("/api/v2/users", Map.of("username", name, "password", "pw-" + name,
                "grouplist", groups, "extension", Map.of("role", role))).status()).isEqualTo(201);
        return name;
    }

    private int upload(RestClient client, long course, long unit, String fileName, byte[] content) {
        return client.postFile("/api/v2/courses/" + course + "/units/" + unit + "/materials", fileName,
                "application/octet-stream", content).status();
    }
}
