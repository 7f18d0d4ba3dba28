package org.gantry.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.gantry.base.db.DatabaseHealth;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every REST call while the database is unreachable gets a 503 with {@code Retry-After} and
 * OpenPAI's error body: at once while {@link DatabaseHealth} knows of the outage, and for a
 * call that meets it first (in authentication, which runs before any controller, or in a
 * controller) as soon as it fails. A submission is acknowledged only after its commit, so a
 * 503 means the job was not taken and the client may send it again.
 */
class DatabaseUnavailable extends OncePerRequestFilter {

    static final String CODE = "DatabaseUnavailableError";
    static final String MESSAGE = "The database is unreachable; Gantry is retrying. Nothing was changed: send the"
            + " request again after the Retry-After time.";

    private final DatabaseHealth health;
    private final ObjectMapper json;

    DatabaseUnavailable(DatabaseHealth health, ObjectMapper json) {
        this.health = health;
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!health.isAvailable()) {
            refuse(response);
            return;
        }
        try {
            chain.doFilter(request, response);
        } catch (ServletException | RuntimeException e) {
            if (!health.failed(e) || response.isCommitted()) {
                throw e;
            }
            response.resetBuffer();
            refuse(response);
        }
    }

    private void refuse(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(DatabaseHealth.RETRY_AFTER_SECONDS));
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(), new ApiError(CODE, MESSAGE));
    }
}
