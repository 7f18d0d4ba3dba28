package org.gantry.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Serves {@code /rest-server/api/**} as {@code /api/**}. OpenPAI puts its REST server behind
 * that prefix, and OpenPAI's clients given only the cluster's address (the SDK's
 * {@code pai_uri}, the {@code pai} CLI) call it there. Runs before security, so the
 * rewritten path meets exactly the rules of the original one.
 */
class RestServerPrefix extends OncePerRequestFilter {

    static final String PREFIX = "/rest-server";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !pathWithinApplication(request).startsWith(PREFIX + "/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String context = request.getContextPath();
        String path = pathWithinApplication(request).substring(PREFIX.length());
        chain.doFilter(new HttpServletRequestWrapper(request) {
            @Override
            public String getRequestURI() {
                return context + path;
            }

            @Override
            public StringBuffer getRequestURL() {
                StringBuffer url = new StringBuffer(super.getRequestURL());
                int at = url.indexOf(PREFIX + "/api/");
                return at < 0 ? url : url.delete(at, at + PREFIX.length());
            }

            @Override
            public String getServletPath() {
                return path;
            }

            @Override
            public String getPathInfo() {
                return null;
            }
        }, response);
    }

    private static String pathWithinApplication(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }
}
