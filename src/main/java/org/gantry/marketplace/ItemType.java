package org.gantry.marketplace;

import java.util.Arrays;
import java.util.Optional;

/** What an item is; its JSON name is the lower-case word stored in the database. */
public enum ItemType {
    TEMPLATE("template", "Job template"),
    IMAGE("image", "Docker image"),
    DATA("data", "Dataset"),
    FILE("file", "File"),
    CODE("code", "Code / library"),
    EXAMPLE("example", "Example / tutorial"),
    PLUGIN("plugin", "Plugin");

    private final String json;
    private final String label;

    ItemType(String json, String label) {
        this.json = json;
        this.label = label;
    }

    public String json() {
        return json;
    }

    public String label() {
        return label;
    }

    public static Optional<ItemType> parse(String text) {
        return Arrays.stream(values()).filter(t -> t.json.equalsIgnoreCase(text) || t.name().equalsIgnoreCase(text))
                .findFirst();
    }
}
