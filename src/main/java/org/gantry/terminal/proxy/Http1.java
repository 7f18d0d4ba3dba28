package org.gantry.terminal.proxy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The little of HTTP/1.1 the proxy speaks to a task's server itself: a response's head, a
 * chunked body, copying with a fixed buffer. It writes its own requests (rather than using
 * {@code java.net.http}) so that it can pass the browser's {@code Host} and {@code Origin} on
 * unchanged, which servers such as Jupyter compare, and hand the socket over for a WebSocket.
 */
final class Http1 {

    /** Headers that belong to one connection, never passed on (RFC 9110, section 7.6.1). */
    static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

    private static final int MAX_HEAD_BYTES = 64 * 1024;
    static final int BUFFER = 64 * 1024;

    private Http1() {
    }

    /** A response's status line and headers, in the order sent. */
    record Head(int status, List<Map.Entry<String, String>> headers) {

        String first(String name) {
            return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                    .findFirst().orElse(null);
        }

        boolean has(String name, String token) {
            return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name))
                    .flatMap(h -> List.of(h.getValue().split(",")).stream())
                    .anyMatch(value -> value.trim().equalsIgnoreCase(token));
        }
    }

    /** Reads a response head; the stream is left at the first byte of the body. */
    static Head readHead(InputStream in) throws IOException {
        String statusLine = readLine(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("The task's server did not answer in HTTP/1: " + clip(statusLine));
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("The task's server sent no status code: " + clip(statusLine));
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        int total = statusLine.length();
        for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            total += line.length();
            if (total > MAX_HEAD_BYTES) {
                throw new IOException("The task's server sent more than 64 KiB of headers");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            headers.add(Map.entry(line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
        }
        return new Head(status, headers);
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        int b;
        while ((b = in.read()) != '\n') {
            if (b < 0) {
                throw new EOFException("The task's server closed the connection before its answer's headers ended");
            }
            if (line.size() >= MAX_HEAD_BYTES) {
                throw new IOException("The task's server sent a header line longer than 64 KiB");
            }
            line.write(b);
        }
        byte[] bytes = line.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    /**
     * Copies until the end of {@code in}, or {@code limit} bytes when it is not negative, flushing
     * whenever nothing more is waiting so that streamed answers (server-sent events, logs) arrive
     * as they are written.
     */
    static long copy(InputStream in, OutputStream out, long limit) throws IOException {
        byte[] buffer = new byte[BUFFER];
        long copied = 0;
        while (limit < 0 || copied < limit) {
            int n = in.read(buffer, 0, limit < 0 ? buffer.length : (int) Math.min(buffer.length, limit - copied));
            if (n < 0) {
                if (limit >= 0) {
                    throw new EOFException("The body ended after " + copied + " of " + limit + " bytes");
                }
                break;
            }
            out.write(buffer, 0, n);
            copied += n;
            if (in.available() == 0) {
                out.flush();
            }
        }
        out.flush();
        return copied;
    }

    /** Writes everything {@code in} has as chunks, then the last chunk. */
    static void copyChunked(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[BUFFER];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (n == 0) {
                continue;
            }
            out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(buffer, 0, n);
            out.write(CRLF);
            out.flush();
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static final byte[] CRLF = {'\r', '\n'};

    /** A chunked body as its plain bytes; ends after the last chunk and its trailers. */
    static final class ChunkedInputStream extends FilterInputStream {

        private long left;
        private boolean done;

        ChunkedInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = readLine(in);
                int semicolon = size.indexOf(';');
                try {
                    left = Long.parseLong((semicolon >= 0 ? size.substring(0, semicolon) : size).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("The task's server sent a bad chunk size: " + clip(size));
                }
                if (left == 0) {
                    while (!readLine(in).isEmpty()) {
                        // trailers are dropped: the answer's headers were sent already
                    }
                    done = true;
                    return -1;
                }
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new EOFException("The task's server closed the connection inside a chunk");
            }
            left -= n;
            if (left == 0) {
                readLine(in);
            }
            return n;
        }

        @Override
        public int available() throws IOException {
            return done ? 0 : (int) Math.min(in.available(), left);
        }
    }

    static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static String clip(String text) {
        String printable = text.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > 80 ? printable.substring(0, 80) + "…" : printable;
    }
}
