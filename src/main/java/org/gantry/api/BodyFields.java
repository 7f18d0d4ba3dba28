package org.gantry.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Optional fields of a JSON request body read as a map: absent is empty, a value of the wrong
 * type is a 400 naming the field and the type it must have.
 */
final class BodyFields {

    private BodyFields() {
    }

    static Optional<String> text(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String s)) {
            throw ApiException.invalid(field + " is a string.");
        }
        return Optional.of(s);
    }

    static Optional<List<String>> strings(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof List<?> list) || list.stream().anyMatch(e -> !(e instanceof String))) {
            throw ApiException.invalid(field + " is a list of strings.");
        }
        return Optional.of(list.stream().map(String.class::cast).toList());
    }
}
