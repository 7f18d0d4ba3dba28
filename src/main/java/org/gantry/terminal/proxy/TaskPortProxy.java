package org.gantry.terminal.proxy;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.HtmlUtils;

/**
 * The browser proxy to a task's ports ({@link ProxyTarget}): a servlet filter that answers
 * its paths itself, after Spring Security has authenticated the request (session or bearer
 * token) and before Vaadin's servlet is reached. Every request is admitted like an
 * {@code ssh -L} channel ({@link TerminalService#admitPort}: owner, task running, the port is
 * the task's own); anything else is 404, the reason shown only to someone who may enter the task.
 *
 * <p>Bodies stream both ways through a fixed buffer, never whole in memory; a WebSocket upgrade
 * is relayed to the task's server and, once it switches protocols, tunnelled by {@link ProxyTunnel}.
 * See docs/decisions/0027-browser-proxy-to-task-ports.md.
 */
public class TaskPortProxy extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(TaskPortProxy.class);

    /** How long an allowed port goes unrecorded after it was recorded, per user, task and port. */
    static final Duration RECORD_EVERY = Duration.ofMinutes(10);
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** Longest silence from the task's server within one HTTP answer (not for WebSockets). */
    private static final int READ_TIMEOUT_MILLIS = (int) Duration.ofMinutes(10).toMillis();

    private final TerminalService terminals;
    private final Clock clock;
    private final SecurityContextHolderStrategy security;
    private final Map<String, Instant> recorded = new ConcurrentHashMap<>();
    private final ExecutorService tunnels;
    private final Supplier<TaskHostPorts> hosts;

    /**
     * @param security the holder the security filter chain wrote the caller into: the
     *                 application's own, not the JVM-wide default, which another Spring
     *                 application in the same JVM may have replaced
     * @param hosts    the onward connections to SSH hosts, for tasks running there; null when there are none
     */
    public TaskPortProxy(TerminalService terminals, Clock clock, SecurityContextHolderStrategy security,
                         Supplier<TaskHostPorts> hosts) {
        this.terminals = terminals;
        this.hosts = hosts;
        this.clock = clock;
        this.security = security;
        AtomicInteger count = new AtomicInteger();
        this.tunnels = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "task-port-proxy-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        Optional<ProxyTarget> parsed;
        try {
            parsed = ProxyTarget.parse(path);
        } catch (IllegalArgumentException e) {
            page(response, HttpServletResponse.SC_BAD_REQUEST, "Not a task's port", e.getMessage(), null);
            return;
        }
        if (parsed.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        ProxyTarget target = parsed.get();
        Authentication who = security.getContext().getAuthentication();
        if (who == null || !who.isAuthenticated()) {
            page(response, HttpServletResponse.SC_UNAUTHORIZED, "Sign in first", "Sign in to Gantry, then open this page again.",
                    null);
            return;
        }
        String user = who.getName();
        TerminalAttempt attempt = new TerminalAttempt(Optional.of(user), TerminalAuditEntry.Via.PROXY, Optional.empty(),
                target.route().loginName(), String.valueOf(request.getRemoteAddr()));
        String key = user + " " + target.route().loginName() + " " + target.port();
        Instant now = clock.instant();
        Instant last = recorded.get(key);
        boolean record = last == null || !now.isBefore(last.plus(RECORD_EVERY));
        TerminalService.Admission admission = terminals.admitPort(attempt, "127.0.0.1", target.port(), record);
        if (admission instanceof TerminalService.Admission.Refused refused) {
            recorded.remove(key);
            notFound(response, user, target, refused.message());
            return;
        }
        if (record) {
            if (recorded.size() > 10_000) {
                recorded.clear();
            }
            recorded.put(key, now);
        }
        if (target.rest().isEmpty()) {
            // relative links of the task's page resolve against the directory: the slash is needed
            String query = request.getQueryString();
            response.sendRedirect(request.getContextPath() + target.prefix() + "/" + (query == null ? "" : "?" + query));
            return;
        }
        forward(request, response, target, ((TerminalService.Admission.Allowed) admission).target());
    }

    private void forward(HttpServletRequest request, HttpServletResponse response, ProxyTarget target,
                         TaskShellTarget where) throws IOException, ServletException {
        // Only WebSockets are passed on: an h2c upgrade (Java's HTTP client asks for one) is the browser's
        // own hop and is dropped with the other hop-by-hop headers.
        boolean upgrade = "GET".equals(request.getMethod()) && headerHas(request, "Connection", "upgrade")
                && headerHas(request, "Upgrade", "websocket");
        TaskHostPorts.Connection backend;
        try {
            backend = connect(where, target.port());
        } catch (IOException e) {
            page(response, HttpServletResponse.SC_BAD_GATEWAY, "The task's server does not answer",
                    "Nothing accepted a connection on port " + target.port() + " of task " + target.route().describe()
                            + " (" + e.getMessage() + "). Is its server still running?", target);
            return;
        }
        boolean handedOver = false;
        Future<?> upload = CompletableFuture.completedFuture(null);
        try {
            backend.readTimeout(Duration.ofMillis(READ_TIMEOUT_MILLIS));
            OutputStream toBackend = new BufferedOutputStream(backend.output(), Http1.BUFFER);
            ProxyRequests.writeHead(request, target, upgrade, toBackend);
            toBackend.flush();
            // The body goes up on its own thread while the answer comes down on this one: a server that
            // answers while it reads (an echo, a transcoder) would otherwise fill both sides' buffers and stall.
            if (!upgrade && ProxyRequests.hasBody(request)) {
                upload = tunnels.submit(() -> {
                    ProxyRequests.writeBody(request, toBackend);
                    return null;
                });
            }
            InputStream fromBackend = new BufferedInputStream(backend.input(), Http1.BUFFER);
            Http1.Head head = Http1.readHead(fromBackend);
            while (head.status() >= 100 && head.status() < 200 && head.status() != 101) {
                head = Http1.readHead(fromBackend);
            }
            if (head.status() == 101) {
                if (!upgrade) {
                    throw new IOException("The task's server switched protocols unasked");
                }
                response.setStatus(101);
                ProxyResponses.copyHeaders(head, request, response, target);
                response.setHeader("Upgrade", head.first("Upgrade"));
                response.setHeader("Connection", "Upgrade");
                backend.readTimeout(Duration.ZERO);
                ProxyTunnel tunnel = request.upgrade(ProxyTunnel.class);
                tunnel.connect(backend, fromBackend, tunnels);
                handedOver = true;
                return;
            }
            response.setStatus(head.status());
            ProxyResponses.copyHeaders(head, request, response, target);
            ProxyResponses.copyBody(head, request, response, fromBackend);
        } catch (SocketTimeoutException e) {
            failed(response, target, "it sent nothing for " + Duration.ofMillis(READ_TIMEOUT_MILLIS).toMinutes() + " minutes");
        } catch (IOException e) {
            log.debug("Proxying to {} failed", target, e);
            failed(response, target, e.getMessage());
        } finally {
            if (!handedOver) {
                backend.close();
                awaitUpload(upload);
            }
        }
    }

    /**
     * Waits until the request body's thread has let go of the request, which the container reuses
     * once this filter returns. The socket is closed already, so a write to the task's server
     * fails at once; a read from a browser that stalls ends with the container's read timeout.
     */
    private static void awaitUpload(Future<?> upload) {
        try {
            upload.get(5, TimeUnit.MINUTES);
        } catch (ExecutionException | TimeoutException e) {
            // the answer decided the outcome; a body the server did not read to its end is no failure
            log.debug("Request body not passed on to its end", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A connection to the task's port: on this machine for a local task, through the onward SSH
     * connection to its host for a task of the SSH executor (docs/decisions/0058), through a step of
     * its job for a task in a Slurm allocation (docs/decisions/0070).
     */
    private TaskHostPorts.Connection connect(TaskShellTarget where, int port) throws IOException {
        if (!(where instanceof TaskShellTarget.Local)) {
            TaskHostPorts onward = hosts.get();
            if (onward == null) {
                throw new IOException("this Gantry reaches no other machines");
            }
            return onward.connect(where, port);
        }
        IOException first = null;
        for (InetAddress address : new InetAddress[] {InetAddress.getByName("127.0.0.1"), InetAddress.getByName("::1")}) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(address, port), CONNECT_TIMEOUT_MILLIS);
                socket.setTcpNoDelay(true);
                return new SocketConnection(socket);
            } catch (ConnectException e) {
                socket.close();
                first = first == null ? e : first;
            }
        }
        throw first;
    }

    /** A task's port on this machine. */
    private record SocketConnection(Socket socket) implements TaskHostPorts.Connection {

        @Override
        public InputStream input() {
            try {
                return socket.getInputStream();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public OutputStream output() {
            try {
                return socket.getOutputStream();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void readTimeout(Duration timeout) {
            try {
                socket.setSoTimeout((int) timeout.toMillis());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static void failed(HttpServletResponse response, ProxyTarget target, String why) throws IOException {
        if (response.isCommitted()) {
            // the answer is under way: cutting it short is all that is left
            throw new IOException("Proxying to port " + target.port() + " broke off: " + why);
        }
        response.reset();
        page(response, HttpServletResponse.SC_BAD_GATEWAY, "The task's server failed",
                "Port " + target.port() + " of task " + target.route().describe() + " gave no usable answer: " + why, target);
    }

    private void notFound(HttpServletResponse response, String user, ProxyTarget target, String reason) throws IOException {
        if (terminals.mayEnter(user, target.route())) {
            page(response, HttpServletResponse.SC_NOT_FOUND, "Port " + target.port() + " cannot be opened",
                    reason + ".", target);
        } else {
            page(response, HttpServletResponse.SC_NOT_FOUND, "Not found", "There is no such page.", null);
        }
    }

    /** A small page of Gantry's own for what went wrong, with the way back to the job when that is the viewer's. */
    static void page(HttpServletResponse response, int status, String title, String text, ProxyTarget target)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        String back = target == null ? "<a href=\"/\">Gantry</a>"
                : "<a href=\"/job-detail/" + HtmlUtils.htmlEscape(target.route().jobId()) + "\">Back to job "
                        + HtmlUtils.htmlEscape(target.route().jobId()) + "</a>";
        String html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>"
                + HtmlUtils.htmlEscape(title) + " · Gantry</title><style>body{font-family:system-ui,sans-serif;"
                + "max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a2433}h1{font-size:1.4rem}</style></head>"
                + "<body><h1>" + HtmlUtils.htmlEscape(title) + "</h1><p id=\"proxy-error\">" + HtmlUtils.htmlEscape(text)
                + "</p><p>" + back + "</p></body></html>";
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    static boolean headerHas(HttpServletRequest request, String name, String token) {
        for (String value : Collections.list(request.getHeaders(name))) {
            for (String part : value.split(",")) {
                if (part.trim().equalsIgnoreCase(token)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Header names a request's or answer's {@code Connection} header lists, which end at this hop. */
    static Set<String> connectionTokens(Iterable<String> values) {
        Set<String> tokens = new HashSet<>();
        values.forEach(value -> {
            for (String part : value.split(",")) {
                tokens.add(part.trim().toLowerCase(Locale.ROOT));
            }
        });
        return tokens;
    }

    @Override
    public void destroy() {
        tunnels.shutdownNow();
    }
}
