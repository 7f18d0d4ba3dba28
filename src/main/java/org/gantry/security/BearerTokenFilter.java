package org.gantry.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.MDC;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.web.filter.OncePerRequestFilter;

/** Authenticates REST calls carrying {@code Authorization: Bearer <token>}. */
class BearerTokenFilter extends OncePerRequestFilter {

    private final TokenService tokens;
    private final SecurityContextHolderStrategy strategy;

    /** {@code strategy}: the application's own holder, the one its authorization filter reads. */
    BearerTokenFilter(TokenService tokens, SecurityContextHolderStrategy strategy) {
        this.tokens = tokens;
        this.strategy = strategy;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            tokens.authenticate(header.substring(7).trim()).ifPresent(account -> {
                UserDetails details = GantryUserDetailsService.toDetails(account);
                var authentication = UsernamePasswordAuthenticationToken.authenticated(
                        details, null, details.getAuthorities());
                strategy.getContext().setAuthentication(authentication);
                MDC.put("user", account.getUsername());
            });
        }
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove("user");
        }
    }
}
