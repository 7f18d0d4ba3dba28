package org.gantry.api;

import org.gantry.storage.StorageException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A storage refusal in OpenPAI's error shape: {@code NoStorageError} 404 and {@code ForbiddenUserError} 403 as OpenPAI answers them. */
@Order(Ordered.HIGHEST_PRECEDENCE)
@RestControllerAdvice(assignableTypes = {StorageController.class, StorageFileController.class})
class StorageErrors {

    @ExceptionHandler(StorageException.class)
    ResponseEntity<ApiError> storage(StorageException e) {
        return switch (e.kind()) {
            case NO_STORAGE -> error(HttpStatus.NOT_FOUND, "NoStorageError", e);
            case FORBIDDEN -> error(HttpStatus.FORBIDDEN, "ForbiddenUserError", e);
            case INVALID -> error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e);
            case NOT_FOUND -> error(HttpStatus.NOT_FOUND, "NoFileError", e);
            case CONFLICT -> error(HttpStatus.CONFLICT, "ConflictFileError", e);
            case TOO_LARGE -> error(HttpStatus.PAYLOAD_TOO_LARGE, "InvalidParametersError", e);
            case UNAVAILABLE -> error(HttpStatus.BAD_GATEWAY, "StorageUnavailableError", e);
        };
    }

    private static ResponseEntity<ApiError> error(HttpStatus status, String code, StorageException e) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(new ApiError(code, e.getMessage()));
    }
}
