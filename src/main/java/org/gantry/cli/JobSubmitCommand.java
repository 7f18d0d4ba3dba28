package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry job submit FILE}: submits an OpenPAI protocol v2 job. */
@Command(name = "submit", description = "Submit a job described by a YAML file.")
class JobSubmitCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "Job YAML (OpenPAI protocol v2)")
    Path file;

    @Override
    public Integer call() throws Exception {
        ApiClient api = ApiClient.fromConfig();
        JsonNode response = api.postText("/api/v2/jobs", "text/yaml", Files.readString(file));
        String name = response.path("name").asText("");
        System.out.println(name.isEmpty() ? "Submitted" : "Submitted " + name);
        return 0;
    }
}
