package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry course get ID}: a course with its units, notes, links and assignments. */
@Command(name = "get", description = "Show a course with its units, notes, links and assignments.")
class CourseGetCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "The course's id (see gantry course list)")
    long id;

    @Override
    public Integer call() throws Exception {
        ApiClient api = ApiClient.fromConfig();
        JsonNode course = api.get("/api/v2/courses/" + id);
        System.out.println(course.path("code").asText() + (course.path("term").asText().isEmpty() ? "" : " ("
                + course.path("term").asText() + ")") + " · " + course.path("title").asText());
        System.out.println("instructors: " + String.join(", ", texts(course.path("instructors")))
                + "   groups: " + String.join(", ", texts(course.path("groups"))));
        if (!course.path("description").asText().isBlank()) {
            System.out.println();
            System.out.println(course.path("description").asText());
        }
        for (JsonNode unit : course.path("units")) {
            System.out.println();
            System.out.println("Unit " + unit.path("id").asText() + ": " + unit.path("position").asText() + ". "
                    + unit.path("title").asText() + (unit.path("published").asBoolean() ? ""
                    : unit.path("publishAt").isNull() ? "   [draft]" : "   [scheduled " + unit.path("publishAt")
                    .asText() + "]"));
            for (JsonNode note : unit.path("materials")) {
                System.out.println("  note        " + note.path("name").asText() + "   version "
                        + note.path("version").asText() + "   " + note.path("size").asLong() + " bytes"
                        + (note.has("openedBy") ? "   opened by " + note.path("openedBy").asInt() : ""));
            }
            for (JsonNode link : unit.path("links")) {
                System.out.println("  link        " + link.path("displayName").asText() + " (" + link.path("type")
                        .asText() + ", gantry market get " + link.path("item").asText() + ")");
            }
            for (JsonNode a : unit.path("assignments")) {
                System.out.println("  assignment  " + a.path("id").asText() + ": " + a.path("title").asText()
                        + (a.path("due").isNull() ? "" : "   due " + a.path("due").asText())
                        + "   (gantry course start " + id + " " + a.path("id").asText() + ")");
            }
        }
        return 0;
    }

    private static Iterable<String> texts(JsonNode array) {
        java.util.List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
