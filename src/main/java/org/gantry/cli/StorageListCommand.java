package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gantry storage list}: the current cluster's storages for the user, with the path jobs see. */
@Command(name = "list", description = "List your storages on the current cluster; * marks the default ones.")
class StorageListCommand implements Callable<Integer> {

    @Option(names = "--default", description = "Only the storages jobs mount when they name none")
    boolean onlyDefault;

    @Override
    public Integer call() throws Exception {
        ApiClient api = ApiClient.fromConfig();
        JsonNode storages = api.get("/api/v2/storages" + (onlyDefault ? "?default=true" : "")).path("storages");
        if (storages.isEmpty()) {
            System.out.println("No storages for you here: an administrator adds them under Admin: storages.");
            return 0;
        }
        String format = "%1s %-24s %-10s %-24s %s%n";
        System.out.printf(format, "", "NAME", "KIND", "IN A JOB", "FILES");
        for (JsonNode storage : storages) {
            String name = storage.path("name").asText();
            JsonNode details = api.getIfFound("/api/v2/storages/" + ApiClient.encode(name)).orElse(storage);
            System.out.printf(format, storage.path("default").asBoolean() ? "*" : "", name,
                    details.path("kind").asText(details.path("type").asText("-")),
                    details.path("mountPath").asText("/mnt/" + name), "pai://" + name + "/");
        }
        return 0;
    }
}
