package org.gantry.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.security.web.firewall.HttpStatusRequestRejectedHandler;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers a request that Spring Security's firewall refused ({@code ..}, {@code ;}, encoded
 * periods, slashes or percent signs, control characters) with OpenPAI's JSON 400 when it
 * was meant for the REST API. The default handler calls {@code sendError}, whose error page
 * belongs to the browser chain and so reached REST clients as a redirect to the login page.
 * Other paths keep the default answer.
 */
class ApiRequestRejectedHandler implements RequestRejectedHandler {

    private final ObjectMapper json;
    private final RequestRejectedHandler others = new HttpStatusRequestRejectedHandler();

    ApiRequestRejectedHandler(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (!path.startsWith("/api/") && !path.startsWith("/rest-server/api/")) {
            others.handle(request, response, e);
            return;
        }
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(), Map.of("code", "InvalidParametersError",
                "message", "The request path was refused: " + e.getMessage() + ". Send the path without '..', ';',"
                        + " encoded periods, slashes or percent signs, and without control characters."));
    }
}
