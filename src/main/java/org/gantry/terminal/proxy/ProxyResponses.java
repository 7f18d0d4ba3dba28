package org.gantry.terminal.proxy;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.terminal.TaskPortAccess;

/**
 * The task server's answer as the browser gets it: headers that would point outside the
 * proxy's path ({@code Location}, a cookie's {@code Path}) put under it, Gantry's session
 * cookie never set by a task, the body streamed in whatever framing the server chose.
 */
final class ProxyResponses {

    private ProxyResponses() {
    }

    static void copyHeaders(Http1.Head head, HttpServletRequest request, HttpServletResponse response,
                            ProxyTarget target) {
        Set<String> dropped = TaskPortProxy.connectionTokens(head.headers().stream()
                .filter(h -> h.getKey().equalsIgnoreCase("Connection")).map(Map.Entry::getValue)
                .collect(Collectors.toList()));
        String prefix = request.getContextPath() + target.prefix();
        String sessionCookie = ProxyRequests.sessionCookieName(request);
        boolean chunked = head.has("Transfer-Encoding", "chunked");
        for (Map.Entry<String, String> header : head.headers()) {
            String lower = header.getKey().toLowerCase(Locale.ROOT);
            if (Http1.HOP_BY_HOP.contains(lower) || dropped.contains(lower)) {
                continue;
            }
            String value = header.getValue();
            switch (lower) {
                case "content-length" -> {
                    if (!chunked) {
                        response.addHeader(header.getKey(), value);
                    }
                }
                case "location", "content-location" -> response.addHeader(header.getKey(),
                        location(value, target, prefix, request.getHeader("Host")));
                case "set-cookie" -> {
                    if (!cookieName(value).equals(sessionCookie)) {
                        response.addHeader(header.getKey(), target.fullPath() ? value : cookiePath(value, prefix));
                    }
                }
                default -> response.addHeader(header.getKey(), value);
            }
        }
    }

    static void copyBody(Http1.Head head, HttpServletRequest request, HttpServletResponse response, InputStream in)
            throws IOException {
        int status = head.status();
        if ("HEAD".equals(request.getMethod()) || status == 204 || status == 304) {
            return;
        }
        if (head.has("Transfer-Encoding", "chunked")) {
            Http1.copy(new Http1.ChunkedInputStream(in), response.getOutputStream(), -1);
            return;
        }
        String length = head.first("Content-Length");
        long limit = -1;
        if (length != null) {
            try {
                limit = Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                throw new IOException("The task's server sent a bad Content-Length: " + length);
            }
        }
        Http1.copy(in, response.getOutputStream(), limit);
    }

    /**
     * A redirect as the browser must follow it: a path on the task's server, or a URL naming
     * the task's server (its loopback address, or the browser's own host when the server built
     * it from {@code Host}), becomes a path under the proxy's prefix; anything else is left as sent.
     */
    static String location(String value, ProxyTarget target, String prefix, String browserHost) {
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            return value;
        }
        String path;
        if (uri.isAbsolute()) {
            if (uri.getRawAuthority() == null) {
                return value;
            }
            boolean backend = TaskPortAccess.isLoopback(stripBrackets(uri.getHost())) && uri.getPort() == target.port();
            boolean sameHost = uri.getRawAuthority().equalsIgnoreCase(browserHost);
            if (!backend && !sameHost) {
                return value;
            }
            if (sameHost && !backend && uri.getRawPath() != null && uri.getRawPath().startsWith(prefix)) {
                return value;
            }
            path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                    + (uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment());
        } else if (value.startsWith("/") && !value.startsWith("//")) {
            path = value;
        } else {
            return value;
        }
        if (target.fullPath() || path.startsWith(prefix + "/")) {
            return path;
        }
        return prefix + path;
    }

    private static String stripBrackets(String host) {
        return host != null && host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static String cookieName(String setCookie) {
        int equals = setCookie.indexOf('=');
        return (equals < 0 ? setCookie : setCookie.substring(0, equals)).trim();
    }

    /** A cookie's {@code Path=/x} as {@code Path=<prefix>/x}, so that it stays with the task's pages. */
    static String cookiePath(String setCookie, String prefix) {
        String[] parts = setCookie.split(";");
        StringBuilder out = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.regionMatches(true, 0, "Path=", 0, 5)) {
                String path = part.substring(5).trim();
                part = "Path=" + prefix + (path.startsWith("/") ? path : "/" + path);
            }
            out.append("; ").append(part);
        }
        return out.toString();
    }
}
