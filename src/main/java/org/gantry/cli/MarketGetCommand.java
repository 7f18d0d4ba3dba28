package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry market get NAME}: an item's fields, or with {@code --content} only its template / URI. */
@Command(name = "get", description = "Show a marketplace item.")
class MarketGetCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "The item's name or id")
    String item;

    @Option(names = "--content", description = "Print only the content (template YAML, image or data URI)")
    boolean contentOnly;

    @Override
    public Integer call() throws Exception {
        JsonNode json = ApiClient.fromConfig().get("/api/v2/marketplace/items/" + ApiClient.encode(item));
        String content = json.has("protocol") ? json.path("protocol").asText() : json.has("dataUrl")
                ? json.path("dataUrl").asText() : json.has("imageUri") ? json.path("imageUri").asText()
                : json.has("plugin") ? json.path("plugin").asText() : json.path("content").asText();
        if (contentOnly) {
            System.out.print(content);
            return 0;
        }
        System.out.println(json.path("displayName").asText() + " (" + json.path("name").asText() + ")");
        System.out.println("type: " + json.path("type").asText() + "   author: " + json.path("author").asText()
                + "   version: " + json.path("publishedVersion").asText() + "   status: " + json.path("status").asText());
        System.out.println("stars: " + json.path("starNumber").asInt() + "   used: " + json.path("useNumber").asInt()
                + "   tags: " + json.path("tags"));
        System.out.println();
        System.out.println(json.path("summary").asText());
        System.out.println(json.path("description").asText());
        if (!content.isEmpty()) {
            System.out.println("---");
            System.out.print(content);
        }
        return 0;
    }
}
