package org.gantry.api;

import org.springframework.http.HttpStatus;

/** A refusal decided in the REST layer itself, with OpenPAI's error code. */
class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;

    ApiException(HttpStatus status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    HttpStatus status() {
        return status;
    }

    String code() {
        return code;
    }

    static ApiException invalid(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "InvalidParametersError", message);
    }

    static ApiException tooLarge(long limit) {
        return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError",
                "The request body is larger than " + limit / 1024 + " KiB.");
    }
}
