package org.gantry.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates REST calls carrying {@code Authorization: Bearer <token>}, and refuses what
 * an application token may not do ({@link ApplicationTokenScope}) before any controller runs.
 */
class BearerTokenFilter extends OncePerRequestFilter {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");

    private final TokenService tokens;
    private final SecurityContextHolderStrategy strategy;
    private final ObjectMapper json;

    /** {@code strategy}: the application's own holder, the one its authorization filter reads. */
    BearerTokenFilter(TokenService tokens, SecurityContextHolderStrategy strategy, ObjectMapper json) {
        this.tokens = tokens;
        this.strategy = strategy;
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        Optional<PresentedToken> token = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? tokens.authenticate(header.substring(7).trim()) : Optional.empty();
        try {
            if (token.isPresent()) {
                String username = token.get().username();
                MDC.put("user", username);
                Optional<String> refusal = token.get().kind() == ApiToken.Kind.APPLICATION
                        ? ApplicationTokenScope.refusal(request.getMethod(), pathWithinApplication(request))
                        : Optional.empty();
                if (refusal.isPresent()) {
                    audit.info("Application token of {} refused for {} {}", username,
                            request.getMethod(), AuthenticationAuditListener.sanitize(pathWithinApplication(request)));
                    refuse(response, refusal.get());
                    return;
                }
                UserDetails details = token.get().toDetails();
                strategy.getContext().setAuthentication(
                        UsernamePasswordAuthenticationToken.authenticated(details, null, details.getAuthorities()));
            }
            chain.doFilter(request, response);
        } finally {
            MDC.remove("user");
        }
    }

    /** OpenPAI's code and words, which its clients compare; Gantry's reason and remedy in {@code detail}. */
    private void refuse(HttpServletResponse response, String detail) throws IOException {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        Map<String, String> body = new LinkedHashMap<>();
        body.put("code", "ForbiddenUserError");
        body.put("message", ApplicationTokenScope.OPENPAI_MESSAGE);
        body.put("detail", detail);
        json.writeValue(response.getOutputStream(), body);
    }

    private static String pathWithinApplication(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }
}
