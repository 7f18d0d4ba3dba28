package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gantry market publish --name N --type T [--content FILE] [--description FILE]}: creates an item. */
@Command(name = "publish", description = "Publish an item (private unless --visibility public, which goes to review).")
class MarketPublishCommand implements Callable<Integer> {

    @Option(names = "--name", required = true, description = "The item's name: lower-case letters, digits, '-'")
    String name;

    @Option(names = "--type", required = true, description = "template, image, data, file, code, example or plugin")
    String type;

    @Option(names = "--display-name", description = "A name for people (default: --name)")
    String displayName;

    @Option(names = "--summary", defaultValue = "", description = "One line")
    String summary;

    @Option(names = "--description", description = "A Markdown file to use as the description")
    Path description;

    @Option(names = "--content", description = "A file with the content: a job YAML for a template")
    Path content;

    @Option(names = "--uri", description = "The image or data URI (instead of --content)")
    String uri;

    @Option(names = "--tags", defaultValue = "", description = "Comma-separated tags")
    String tags;

    @Option(names = "--visibility", defaultValue = "private", description = "private, groups or public")
    String visibility;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("type", type);
        body.put("displayName", displayName == null ? name : displayName);
        body.put("summary", summary);
        body.put("visibility", visibility);
        body.put("tags", Arrays.stream(tags.split(",")).map(String::strip).filter(t -> !t.isEmpty()).toList());
        if (description != null) {
            body.put("description", Files.readString(description));
        }
        if (content != null) {
            body.put("content", Files.readString(content));
        } else if (uri != null) {
            body.put("content", uri);
        }
        JsonNode item = ApiClient.fromConfig().postJson("/api/v2/marketplace/items", body);
        System.out.println("Published " + item.path("name").asText() + " (id " + item.path("id").asLong() + ", "
                + item.path("status").asText() + ").");
        return 0;
    }
}
