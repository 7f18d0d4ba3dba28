package org.gantry.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * OpenPAI's error body, {@code {"code", "message"}}; a rejected job document adds every
 * problem with its position in {@code errors}.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ApiError(String code, String message, List<ProblemJson> errors) {

    public ApiError(String code, String message) {
        this(code, message, List.of());
    }

    /** One problem of a document: 1-based line and column (0 when it concerns the whole document). */
    public record ProblemJson(String severity, String code, String message, String path, int line, int column,
                              int endLine, int endColumn, String replacement) {
    }
}
