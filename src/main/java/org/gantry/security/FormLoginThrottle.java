package org.gantry.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.gantry.security.ui.LoginView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Applies {@link LoginRateLimiter} to the browser's sign-in form, as the REST login applies
 * it: past the limit for the account or the address, the form's POST goes back to the login
 * view with {@code ?blocked=<seconds>} before the password is even checked. Failures and
 * successes are counted by {@link FormLoginCounter}.
 */
class FormLoginThrottle extends OncePerRequestFilter {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");

    private final LoginRateLimiter limiter;
    private final String loginPath;

    FormLoginThrottle(LoginRateLimiter limiter, String loginPath) {
        this.limiter = limiter;
        this.loginPath = loginPath;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod())
                || !request.getRequestURI().substring(request.getContextPath().length()).equals(loginPath);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String username = Optional.ofNullable(request.getParameter("username")).orElse("");
        Optional<Duration> blocked = limiter.blockedFor(username, request.getRemoteAddr());
        if (blocked.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        audit.warn("Login for user '{}' from {} refused: too many failures (browser)",
                AuthenticationAuditListener.sanitize(username), request.getRemoteAddr());
        response.sendRedirect(request.getContextPath() + loginPath + "?" + LoginView.BLOCKED_PARAMETER + "="
                + LoginRateLimiter.waitSeconds(blocked.get()));
    }
}
