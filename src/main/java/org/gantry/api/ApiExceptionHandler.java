package org.gantry.api;

import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.List;
import org.gantry.base.db.DatabaseHealth;
import org.gantry.base.files.DiskSpace;
import org.gantry.course.CourseException;
import org.gantry.expression.ExpressionException;
import org.gantry.job.JobException;
import org.gantry.job.JobSubmissionException;
import org.gantry.job.protocol.Problem;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.security.AccountException;
import org.gantry.security.LoginRateLimiter;
import org.gantry.security.LoginRefusedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Maps every failure of a REST call to OpenPAI's {@code {"code", "message"}}: a user's
 * mistake is always a 4xx that says what was wrong; an unreachable database is a 503 with
 * {@code Retry-After}; only Gantry's own faults are 500s.
 * Not limited to this package's controllers: a request that matches no controller (wrong
 * path, method or content type) has no handler, and must get the same JSON.
 */
@RestControllerAdvice
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    /** OpenPAI's message, word for word (docs/decisions/0003-rest-api-v2.md). */
    static final String NON_ADMIN = "Non-admin is not allow to do this operation.";

    /** The code of a refusal for a full disk (503, Retry-After). */
    static final String DISK_FULL_CODE = "DiskFullError";
    static final int DISK_FULL_RETRY_AFTER_SECONDS = 60;

    private final DatabaseHealth health;

    ApiExceptionHandler(DatabaseHealth health) {
        this.health = health;
    }

    @ExceptionHandler(JobSubmissionException.class)
    ResponseEntity<ApiError> submission(JobSubmissionException e) {
        List<ApiError.ProblemJson> problems = e.problems().stream().map(ApiExceptionHandler::json).toList();
        return switch (e.reason()) {
            case INVALID -> body(HttpStatus.BAD_REQUEST, new ApiError("InvalidParametersError", e.getMessage(), problems));
            case TOO_LARGE -> body(HttpStatus.PAYLOAD_TOO_LARGE,
                    new ApiError("InvalidParametersError", e.getMessage(), problems));
            case NO_VIRTUAL_CLUSTER -> body(HttpStatus.BAD_REQUEST,
                    new ApiError("NoVirtualClusterError", e.getMessage(), problems));
            case FORBIDDEN_VIRTUAL_CLUSTER -> body(HttpStatus.FORBIDDEN,
                    new ApiError("ForbiddenUserError", e.getMessage(), problems));
            case BUDGET_EXCEEDED -> body(HttpStatus.PAYMENT_REQUIRED,
                    new ApiError("BudgetExceededError", e.getMessage(), problems));
            case DISK_FULL -> diskFull(new ApiError(DISK_FULL_CODE, e.getMessage(), problems));
        };
    }

    @ExceptionHandler(JobException.class)
    ResponseEntity<ApiError> job(JobException e) {
        return switch (e.kind()) {
            case NO_JOB -> error(HttpStatus.NOT_FOUND, "NoJobError", e.getMessage());
            case NO_TAG -> error(HttpStatus.NOT_FOUND, "NoTagError", e.getMessage());
            case NO_ATTEMPT, NO_TASK -> error(HttpStatus.NOT_FOUND, "NoTaskError", e.getMessage());
            case CONFLICT -> error(HttpStatus.CONFLICT, "ConflictJobError", e.getMessage());
            case INVALID -> error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e.getMessage());
        };
    }

    @ExceptionHandler(MarketplaceException.class)
    ResponseEntity<ApiError> marketplace(MarketplaceException e) {
        return switch (e.kind()) {
            case NOT_FOUND -> error(HttpStatus.NOT_FOUND, "NoMarketplaceItemError", e.getMessage());
            case INVALID -> error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e.getMessage());
            case FORBIDDEN -> error(HttpStatus.FORBIDDEN, "ForbiddenUserError", e.getMessage());
            case CONFLICT -> error(HttpStatus.CONFLICT, "ConflictMarketplaceItemError", e.getMessage());
            case TOO_LARGE -> error(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError", e.getMessage());
        };
    }

    @ExceptionHandler(CourseException.class)
    ResponseEntity<ApiError> course(CourseException e) {
        return switch (e.kind()) {
            case NOT_FOUND -> error(HttpStatus.NOT_FOUND, "NoCourseError", e.getMessage());
            case INVALID -> error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e.getMessage());
            case FORBIDDEN -> error(HttpStatus.FORBIDDEN, "ForbiddenUserError", e.getMessage());
            case CONFLICT -> error(HttpStatus.CONFLICT, "ConflictCourseError", e.getMessage());
            case TOO_LARGE -> error(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError", e.getMessage());
        };
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<ApiError> uploadTooLarge(MaxUploadSizeExceededException e) {
        return error(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError",
                "The upload is larger than the server accepts; upload smaller files one at a time.");
    }

    @ExceptionHandler(LoginRefusedException.class)
    ResponseEntity<ApiError> login(LoginRefusedException e) {
        if (e.reason() == LoginRefusedException.Reason.TOO_MANY_ATTEMPTS) {
            long seconds = e.retryAfter().map(LoginRateLimiter::waitSeconds).orElse(60L);
            return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(new ApiError("TooManyRequestsError", e.getMessage()));
        }
        return error(HttpStatus.BAD_REQUEST, "IncorrectPasswordError", e.getMessage());
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ApiError> api(ApiException e) {
        return body(e.status(), new ApiError(e.code(), e.getMessage(), e.problems()));
    }

    @ExceptionHandler({AccountException.class, ExpressionException.class})
    ResponseEntity<ApiError> refused(RuntimeException e) {
        return error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e.getMessage());
    }

    @ExceptionHandler(AccessDeniedException.class)
    ResponseEntity<ApiError> forbidden(AccessDeniedException e) {
        // every @PreAuthorize of Gantry is for administrators: OpenPAI's words for that, which its clients compare
        return error(HttpStatus.FORBIDDEN, "ForbiddenUserError", e.getMessage() == null || e.getMessage().isBlank()
                || e.getMessage().equals("Access Denied") ? NON_ADMIN : e.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
        if (BoundedBody.isTooLarge(e)) {
            return error(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError", "The request body is too large.");
        }
        if (e.getMostSpecificCause() instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return error(HttpStatus.BAD_REQUEST, "InvalidParametersError",
                    "Field " + path(mapping) + ": " + firstLine(mapping.getOriginalMessage()));
        }
        return error(HttpStatus.BAD_REQUEST, "InvalidParametersError",
                "The request body could not be read: " + firstLine(e.getMostSpecificCause().getMessage()));
    }

    /** A JSON field's path as a client writes it: {@code virtualCluster[0]}, {@code extras.name}. */
    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
            } else {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> mediaType(HttpMediaTypeNotSupportedException e) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "InvalidParametersError",
                "Content type " + e.getContentType() + " is not supported here; use one of "
                        + e.getSupportedMediaTypes());
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return error(HttpStatus.NOT_ACCEPTABLE, "InvalidParametersError", "Cannot answer in the accepted media types");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> method(HttpRequestMethodNotSupportedException e) {
        return error(HttpStatus.METHOD_NOT_ALLOWED, "NoApiError", "Method " + e.getMethod() + " is not supported here.");
    }

    @ExceptionHandler({MissingServletRequestParameterException.class, MethodArgumentTypeMismatchException.class,
            ServletRequestBindingException.class, IllegalArgumentException.class,
            MissingServletRequestPartException.class, MultipartException.class})
    ResponseEntity<ApiError> badParameter(Exception e) {
        String message = e instanceof MethodArgumentTypeMismatchException mismatch
                ? "Parameter " + mismatch.getName() + " has an invalid value." : firstLine(e.getMessage());
        return error(HttpStatus.BAD_REQUEST, "InvalidParametersError", message);
    }

    /** The firewall refuses a parameter or header name or value only when a controller reads it. */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<ApiError> rejected(RequestRejectedException e) {
        return error(HttpStatus.BAD_REQUEST, "InvalidParametersError", "The request was refused: " + e.getMessage()
                + ". Send names and values without control characters.");
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiError> noApi(NoResourceFoundException e) {
        return error(HttpStatus.NOT_FOUND, "NoApiError", "No API at /" + e.getResourcePath());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> unknown(Exception e) {
        if (health.failed(e)) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, Integer.toString(DatabaseHealth.RETRY_AFTER_SECONDS))
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(new ApiError(DatabaseUnavailable.CODE, DatabaseUnavailable.MESSAGE));
        }
        if (DiskSpace.isCause(e)) {
            log.warn("REST call refused, the disk is full: {}", firstLine(e.getMessage()));
            return diskFull(new ApiError(DISK_FULL_CODE, "The server's disk is full; nothing was changed. "
                    + "Try again once an administrator has freed space."));
        }
        log.error("REST call failed", e);
        return error(HttpStatus.INTERNAL_SERVER_ERROR, "UnknownError",
                "Internal error; the server log has details under this request's X-Request-Id.");
    }

    /**
     * 503 with Retry-After, as for an unreachable database: the server's state, not the request's
     * fault; nothing was taken and the same request may be sent again later. The code names the
     * full disk (docs/decisions/0060-full-disk-and-log-limit.md).
     */
    private static ResponseEntity<ApiError> diskFull(ApiError error) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(DISK_FULL_RETRY_AFTER_SECONDS))
                .contentType(MediaType.APPLICATION_JSON).body(error);
    }

    static ApiError.ProblemJson json(Problem p) {
        return new ApiError.ProblemJson(p.severity().name(), p.code(), p.message(), p.path(), p.line(), p.column(),
                p.endLine(), p.endColumn(), p.replacement().orElse(null));
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "malformed";
        }
        String line = message.lines().findFirst().orElse("malformed");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }

    static ResponseEntity<ApiError> error(HttpStatusCode status, String code, String message) {
        return body(status, new ApiError(code, message));
    }

    private static ResponseEntity<ApiError> body(HttpStatusCode status, ApiError error) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(error);
    }
}
