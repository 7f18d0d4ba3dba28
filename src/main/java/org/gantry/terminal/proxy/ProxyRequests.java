package org.gantry.terminal.proxy;

import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The request the task's server gets: the browser's method, headers and body, minus what is
 * Gantry's own (its session cookie, a bearer token) and what belongs to one connection.
 */
final class ProxyRequests {

    private ProxyRequests() {
    }

    static void writeHead(HttpServletRequest request, ProxyTarget target, boolean upgrade, OutputStream out)
            throws IOException {
        String query = request.getQueryString();
        StringBuilder head = new StringBuilder(request.getMethod()).append(' ').append(target.backendPath())
                .append(query == null ? "" : "?" + query).append(" HTTP/1.1\r\n");
        Set<String> dropped = TaskPortProxy.connectionTokens(Collections.list(request.getHeaders("Connection")));
        String sessionCookie = sessionCookieName(request);
        for (String name : Collections.list(request.getHeaderNames())) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (Http1.HOP_BY_HOP.contains(lower) || dropped.contains(lower) || lower.equals("content-length")
                    || lower.equals("expect") || lower.startsWith("x-forwarded-") || lower.equals("forwarded")) {
                continue;
            }
            for (String value : Collections.list(request.getHeaders(name))) {
                if (lower.equals("cookie")) {
                    value = withoutCookie(value, sessionCookie);
                    if (value.isEmpty()) {
                        continue;
                    }
                }
                if (lower.equals("authorization") && value.regionMatches(true, 0, "Bearer ", 0, 7)) {
                    // Gantry's own token: the task's server never sees it
                    continue;
                }
                header(head, name, value);
            }
        }
        String host = request.getHeader("Host");
        if (host == null) {
            header(head, "Host", "127.0.0.1:" + target.port());
        } else {
            header(head, "X-Forwarded-Host", host);
        }
        header(head, "X-Forwarded-Proto", request.getScheme());
        header(head, "X-Forwarded-For", request.getRemoteAddr());
        if (!target.fullPath()) {
            header(head, "X-Forwarded-Prefix", request.getContextPath() + target.prefix());
        }
        if (upgrade) {
            header(head, "Connection", "Upgrade");
            header(head, "Upgrade", request.getHeader("Upgrade"));
        } else {
            header(head, "Connection", "close");
            long length = request.getContentLengthLong();
            if (length >= 0) {
                header(head, "Content-Length", Long.toString(length));
            } else if (request.getHeader("Transfer-Encoding") != null) {
                header(head, "Transfer-Encoding", "chunked");
            }
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Whether the browser sends a body, framed as {@link #writeHead} announced it. */
    static boolean hasBody(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return length > 0 || (length < 0 && request.getHeader("Transfer-Encoding") != null);
    }

    /** Streams the browser's body, as it comes, in the framing {@link #writeHead} announced. */
    static void writeBody(HttpServletRequest request, OutputStream out) throws IOException {
        long length = request.getContentLengthLong();
        if (length > 0) {
            Http1.copy(request.getInputStream(), out, length);
        } else if (length < 0 && request.getHeader("Transfer-Encoding") != null) {
            Http1.copyChunked(request.getInputStream(), out);
        }
        out.flush();
    }

    private static void header(StringBuilder head, String name, String value) {
        // a header value never carries a line break into the request (Tomcat refuses them anyway)
        head.append(name).append(": ").append(value.replace('\r', ' ').replace('\n', ' ')).append("\r\n");
    }

    static String sessionCookieName(HttpServletRequest request) {
        SessionCookieConfig config = request.getServletContext().getSessionCookieConfig();
        return config.getName() == null ? "JSESSIONID" : config.getName();
    }

    /** The {@code Cookie} header's pairs without the one named {@code name}. */
    static String withoutCookie(String header, String name) {
        List<String> kept = new ArrayList<>();
        for (String pair : header.split(";")) {
            String trimmed = pair.trim();
            int equals = trimmed.indexOf('=');
            String cookie = equals < 0 ? trimmed : trimmed.substring(0, equals);
            if (!trimmed.isEmpty() && !cookie.trim().equals(name)) {
                kept.add(trimmed);
            }
        }
        return String.join("; ", kept);
    }
}
