package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry market use TEMPLATE -p key=value}: submits a job from a template. */
@Command(name = "use", description = "Submit a job from a marketplace template.")
class MarketUseCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "The template's name or id")
    String item;

    @Option(names = {"-p", "--param"}, description = "A parameter value, key=value (repeatable)")
    Map<String, String> parameters = new LinkedHashMap<>();

    @Option(names = "--version", description = "The template version (default: the published one)")
    Integer version;

    @Option(names = "--name", description = "The job's name (default: the template's, with a suffix)")
    String name;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("parameters", parameters);
        if (version != null) {
            body.put("version", version);
        }
        if (name != null) {
            body.put("name", name);
        }
        JsonNode submitted = ApiClient.fromConfig().postJson("/api/v2/marketplace/items/" + ApiClient.encode(item)
                + "/jobs", body);
        System.out.println(submitted.path("message").asText());
        System.out.println(submitted.at("/job/username").asText() + "~" + submitted.at("/job/name").asText());
        return 0;
    }
}
