package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gantry course list}: the courses the caller teaches or attends, one line each. */
@Command(name = "list", description = "List the courses you teach or attend.")
class CourseListCommand implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        JsonNode courses = ApiClient.fromConfig().get("/api/v2/courses");
        if (courses.isEmpty()) {
            System.out.println("No courses: a course appears once you are in one of its audience groups.");
            return 0;
        }
        System.out.printf("%-6s %-12s %-14s %-5s %-10s %s%n", "ID", "CODE", "TERM", "NEW", "ROLE", "TITLE");
        for (JsonNode c : courses) {
            System.out.printf("%-6s %-12s %-14s %-5s %-10s %s%n", c.path("id").asText(), c.path("code").asText(),
                    c.path("term").asText().isEmpty() ? "-" : c.path("term").asText(), c.path("newUnits").asInt(),
                    c.path("instructor").asBoolean() ? "instructor" : "student", c.path("title").asText());
        }
        return 0;
    }
}
