package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry course start ID ASSIGNMENT [-f job.yaml]}: submits the assignment's job (its
 * prefilled document, or the student's own YAML), linked to the assignment; {@code --show}
 * prints the prefilled document to edit first.
 */
@Command(name = "start", description = "Start an assignment: submit its job, linked to the assignment.")
class CourseStartCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "The course's id")
    long id;

    @Parameters(index = "1", description = "The assignment's id (see gantry course get)")
    long assignment;

    @Option(names = {"-f", "--file"}, description = "Submit this YAML instead of the prefilled document")
    Path file;

    @Option(names = "--show", description = "Print the prefilled document and submit nothing")
    boolean show;

    @Override
    public Integer call() throws Exception {
        ApiClient api = ApiClient.fromConfig();
        String path = "/api/v2/courses/" + id + "/assignments/" + assignment;
        if (show) {
            System.out.print(api.get(path).path("protocol").asText());
            return 0;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        if (file != null) {
            body.put("yaml", Files.readString(file));
        }
        JsonNode started = api.postJson(path + "/jobs", body);
        System.out.println(started.path("message").asText());
        System.out.println(started.at("/job/username").asText() + "~" + started.at("/job/name").asText());
        return 0;
    }
}
