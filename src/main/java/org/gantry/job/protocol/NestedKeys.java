package org.gantry.job.protocol;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Dotted-key lookup in raw nested maps, shared by the spec and templating. */
final class NestedKeys {

    private NestedKeys() {
    }

    /**
     * Finds {@code a.b.c} in nested maps; at each level a key containing dots wins over
     * splitting it, so {@code {"a.b": x}} and {@code {a: {b: x}}} both answer {@code a.b}.
     * Only scalar leaves are answers: a key naming a map or list is not found.
     */
    static Optional<String> lookup(Map<String, Object> map, String dottedKey) {
        Object direct = map.get(dottedKey);
        if (direct != null && !(direct instanceof Map) && !(direct instanceof List)) {
            return Optional.of(direct.toString());
        }
        for (int dot = dottedKey.indexOf('.'); dot > 0; dot = dottedKey.indexOf('.', dot + 1)) {
            if (map.get(dottedKey.substring(0, dot)) instanceof Map<?, ?> inner) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) inner;
                Optional<String> found = lookup(typed, dottedKey.substring(dot + 1));
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the key names a map or list rather than a value. */
    static boolean namesSection(Map<String, Object> map, String dottedKey) {
        Object direct = map.get(dottedKey);
        if (direct instanceof Map || direct instanceof List) {
            return true;
        }
        for (int dot = dottedKey.indexOf('.'); dot > 0; dot = dottedKey.indexOf('.', dot + 1)) {
            if (map.get(dottedKey.substring(0, dot)) instanceof Map<?, ?> inner) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) inner;
                if (namesSection(typed, dottedKey.substring(dot + 1))) {
                    return true;
                }
            }
        }
        return false;
    }
}
