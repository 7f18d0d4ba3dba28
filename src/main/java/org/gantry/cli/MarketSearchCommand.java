package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry market search WORDS}: matching items, best first, one line each. */
@Command(name = "search", description = "Search the marketplace, best match first.")
class MarketSearchCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", description = "Words to search for (web search syntax: \"a phrase\", -not, or)")
    String[] words = {};

    @Option(names = "--type", description = "template, image, data, file, code, example or plugin")
    String type;

    @Option(names = "--limit", defaultValue = "20", description = "How many items (default ${DEFAULT-VALUE})")
    int limit;

    @Override
    public Integer call() throws Exception {
        StringBuilder query = new StringBuilder("/api/v2/marketplace/items?limit=").append(limit);
        if (words.length > 0) {
            query.append("&q=").append(ApiClient.encode(String.join(" ", words)));
        }
        if (type != null) {
            query.append("&type=").append(ApiClient.encode(type));
        }
        JsonNode page = ApiClient.fromConfig().get(query.toString());
        System.out.printf("%-32s %-9s %-16s %5s %5s  %s%n", "NAME", "TYPE", "AUTHOR", "STARS", "USED", "SUMMARY");
        for (JsonNode item : page.path("items")) {
            System.out.printf("%-32s %-9s %-16s %5d %5d  %s%n", item.path("name").asText(), item.path("type").asText(),
                    item.path("author").asText(), item.path("starNumber").asInt(), item.path("useNumber").asInt(),
                    item.path("summary").asText());
        }
        System.out.println(page.path("total").asLong() + (page.path("totalIsLowerBound").asBoolean() ? " or more" : "")
                + " item(s) match.");
        return 0;
    }
}
