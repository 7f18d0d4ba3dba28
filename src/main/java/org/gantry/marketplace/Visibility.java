package org.gantry.marketplace;

import java.util.Arrays;
import java.util.Optional;

/** Who may see an item besides its author and the administrators. */
public enum Visibility {
    /** Everyone signed in, once an administrator approved it. */
    PUBLIC,
    /** Nobody else. */
    PRIVATE,
    /** Members of the item's groups. */
    GROUPS;

    public String json() {
        return name().toLowerCase();
    }

    public static Optional<Visibility> parse(String text) {
        return Arrays.stream(values()).filter(v -> v.name().equalsIgnoreCase(text)).findFirst();
    }
}
