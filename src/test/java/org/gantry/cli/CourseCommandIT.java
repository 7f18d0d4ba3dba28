package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.gantry.course.AssignmentDraft;
import org.gantry.course.CourseAssignments;
import org.gantry.course.CourseDraft;
import org.gantry.course.CourseMaterials;
import org.gantry.course.CourseService;
import org.gantry.course.CourseUnits;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@code gantry course list|get|materials|start} in its own JVM against a running server. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CourseCommandIT {

    static final byte[] PDF = "%PDF-1.4\n% lecture one\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);
    static final String YAML = """
            protocolVersion: 2
            name: hello
            type: job
            taskRoles:
              main:
                instances: 1
                commands:
                  - echo hello
            """;

    @LocalServerPort
    int port;
    @Autowired
    UserService users;
    @Autowired
    GroupService groups;
    @Autowired
    CourseService courses;
    @Autowired
    CourseUnits units;
    @Autowired
    CourseMaterials materials;
    @Autowired
    CourseAssignments assignments;
    @TempDir
    Path dir;

    @Test
    void a_student_lists_reads_downloads_and_starts_and_an_outsider_finds_nothing() throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        String teacher = "tc" + id;
        String student = "sc" + id;
        String outsider = "oc" + id;
        String group = "gc" + id;
        TestSecurity.asAdmin(() -> {
            groups.saveGroup(group, "", List.of("default"));
            users.create(teacher, teacher + "-password", Role.INSTRUCTOR, "", List.of("default"));
            users.create(student, student + "-password", Role.USER, "", List.of("default", group));
            users.create(outsider, outsider + "-password", Role.USER, "", List.of("default"));
        });
        long[] ids = TestSecurity.as(teacher, Role.INSTRUCTOR, () -> {
            long course = courses.create(CourseDraft.of("CLI" + id, "Clusters from the shell", "2026", List.of(group)))
                    .id();
            long unit = units.add(course, "Week 1", "").id();
            materials.upload(course, unit, "lecture 1.pdf", new ByteArrayInputStream(PDF));
            long assignment = assignments.create(course, unit, AssignmentDraft.ofYaml("Say hello", YAML, null,
                    "default")).id();
            units.add(course, "Week 2", "");
            units.publish(course, unit, Optional.empty());
            return new long[] {course, unit, assignment};
        });
        String course = Long.toString(ids[0]);
        String unit = Long.toString(ids[1]);

        CliProcess cli = login(student);
        CliProcess.Result list = cli.run("", "course", "list");
        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(list.out()).contains("CLI" + id, "2026", "student", "Clusters from the shell");

        CliProcess.Result get = cli.run("", "course", "get", course);
        assertThat(get.exitCode()).as(get.err()).isZero();
        assertThat(get.out()).contains("Unit " + unit + ": 1. Week 1", "note        lecture 1.pdf",
                "assignment  " + ids[2] + ": Say hello", "gantry course start " + course + " " + ids[2])
                .doesNotContain("Week 2").doesNotContain("opened by");

        CliProcess.Result notes = cli.run("", "course", "materials", course, unit);
        assertThat(notes.out()).contains("lecture 1.pdf", "application/pdf");
        Path saved = dir.resolve("saved.pdf");
        CliProcess.Result download = cli.run("", "course", "materials", course, unit, "lecture 1.pdf", "-o",
                saved.toString());
        assertThat(download.exitCode()).as(download.err()).isZero();
        assertThat(Files.readAllBytes(saved)).isEqualTo(PDF);

        CliProcess.Result shown = cli.run("", "course", "start", course, Long.toString(ids[2]), "--show");
        assertThat(shown.out()).contains("echo hello");
        CliProcess.Result started = cli.run("", "course", "start", course, Long.toString(ids[2]));
        assertThat(started.exitCode()).as(started.err()).isZero();
        assertThat(started.out()).contains("for assignment " + ids[2], student + "~");

        CliProcess.Result missing = cli.run("", "course", "materials", course, unit, "nothing.pdf", "-o",
                dir.resolve("nothing.pdf").toString());
        assertThat(missing.exitCode()).isNotZero();
        assertThat(missing.err()).contains("404");
        assertThat(dir.resolve("nothing.pdf")).doesNotExist();

        CliProcess other = login(outsider);
        for (List<String> args : List.of(List.of("course", "get", course), List.of("course", "materials", course,
                unit), List.of("course", "start", course, Long.toString(ids[2])))) {
            CliProcess.Result refused = other.run("", args.toArray(String[]::new));
            assertThat(refused.exitCode()).as(String.join(" ", args)).isNotZero();
            assertThat(refused.err()).as(String.join(" ", args)).contains("404");
        }
        assertThat(other.run("", "course", "list").out()).contains("No courses");
    }

    private CliProcess login(String user) throws Exception {
        CliProcess cli = new CliProcess(dir.resolve(user + "-home"));
        CliProcess.Result in = cli.run(user + "-password\n", "login", "--server", "http://localhost:" + port, "-u",
                user, "--password-stdin");
        assertThat(in.exitCode()).as(in.err()).isZero();
        return cli;
    }
}
