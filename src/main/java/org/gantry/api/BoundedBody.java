package org.gantry.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Caps REST request bodies at {@link #MAX_BYTES}: a declared larger body is refused with
 * 413 before it is read, and a streamed one fails when it passes the cap, so no client can
 * make Gantry buffer gigabytes. Job documents themselves are capped lower by the protocol.
 */
class BoundedBody extends OncePerRequestFilter {

    static final int MAX_BYTES = 2 * 1024 * 1024;

    /** File uploads stream to storage and are bounded there, by {@code gantry.storage.max-upload-size}. */
    private static final Pattern FILE_UPLOAD = Pattern.compile("(/rest-server)?/api/v2/storages/[^/]+/files(/.*)?");
    /** Marketplace file uploads are bounded by the marketplace's own, larger, per-file limit. */
    private static final Pattern MARKETPLACE_UPLOAD =
            Pattern.compile("(/rest-server)?/api/v2/marketplace/items/[^/]+/files");
    /** Lecture notes, bounded by gantry.courses.max-file-bytes instead. */
    private static final Pattern COURSE_UPLOAD =
            Pattern.compile("(/rest-server)?/api/v2/courses/[^/]+/units/[^/]+/materials");

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return "PUT".equals(request.getMethod()) && FILE_UPLOAD.matcher(path).matches()
                || "POST".equals(request.getMethod()) && (MARKETPLACE_UPLOAD.matcher(path).matches()
                || COURSE_UPLOAD.matcher(path).matches());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > MAX_BYTES) {
            response.setStatus(413);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.getWriter().write("{\"code\":\"InvalidParametersError\",\"message\":\"The request body is larger than "
                    + MAX_BYTES / 1024 + " KiB.\"}");
            return;
        }
        chain.doFilter(new HttpServletRequestWrapper(request) {
            private ServletInputStream stream;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (stream == null) {
                    stream = new LimitedStream(super.getInputStream());
                }
                return stream;
            }
        }, response);
    }

    /** True when the failure was a body passing the cap. */
    static boolean isTooLarge(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TooLargeException) {
                return true;
            }
        }
        return false;
    }

    static final class TooLargeException extends IOException {
        TooLargeException() {
            super("The request body is larger than " + MAX_BYTES / 1024 + " KiB.");
        }
    }

    private static final class LimitedStream extends ServletInputStream {
        private final ServletInputStream in;
        private long count;

        LimitedStream(ServletInputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws TooLargeException {
            count += n;
            if (count > MAX_BYTES) {
                throw new TooLargeException();
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
