package org.gantry.api;

import java.util.List;
import org.springframework.http.HttpStatus;

/** A refusal decided in the REST layer itself, with OpenPAI's error code. */
class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final List<ApiError.ProblemJson> problems;

    ApiException(HttpStatus status, String code, String message) {
        this(status, code, message, List.of());
    }

    ApiException(HttpStatus status, String code, String message, List<ApiError.ProblemJson> problems) {
        super(message);
        this.status = status;
        this.code = code;
        this.problems = List.copyOf(problems);
    }

    HttpStatus status() {
        return status;
    }

    String code() {
        return code;
    }

    /** The problems at their line and column, when the refusal concerns a document. */
    List<ApiError.ProblemJson> problems() {
        return problems;
    }

    static ApiException invalid(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "InvalidParametersError", message);
    }

    static ApiException tooLarge(long limit) {
        return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError",
                "The request body is larger than " + limit / 1024 + " KiB.");
    }
}
