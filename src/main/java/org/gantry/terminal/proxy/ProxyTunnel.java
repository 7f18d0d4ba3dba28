package org.gantry.terminal.proxy;

import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.WebConnection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gantry.terminal.TaskHostPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A WebSocket (or any upgraded) connection through the proxy once the task's server has
 * switched protocols: bytes copied as they come, both ways, until either side closes.
 *
 * <p>The servlet container makes this object ({@code HttpServletRequest.upgrade}) and calls
 * {@link #init} after the 101 answer went out; {@link #connect} must be called before that.
 * Two pooled threads per connection do blocking copies: the container lifts its read and write
 * timeouts from upgraded connections, so an idle kernel's socket stays open.
 */
public class ProxyTunnel implements HttpUpgradeHandler {

    private static final Logger log = LoggerFactory.getLogger(ProxyTunnel.class);

    private final AtomicBoolean closed = new AtomicBoolean();
    private TaskHostPorts.Connection backend;
    private InputStream fromBackend;
    private Executor threads;
    private WebConnection browser;

    /**
     * @param backend the connection to the task's server, after its 101 answer
     * @param fromBackend that connection's input, positioned after the answer's head (it may hold bytes read ahead)
     */
    void connect(TaskHostPorts.Connection backend, InputStream fromBackend, Executor threads) {
        this.backend = backend;
        this.fromBackend = fromBackend;
        this.threads = threads;
    }

    @Override
    public void init(WebConnection connection) {
        this.browser = connection;
        try {
            InputStream fromBrowser = connection.getInputStream();
            OutputStream toBrowser = connection.getOutputStream();
            OutputStream toBackend = backend.output();
            threads.execute(() -> pump(fromBrowser, toBackend));
            threads.execute(() -> pump(fromBackend, toBrowser));
        } catch (IOException | RuntimeException e) {
            log.debug("Upgraded connection could not start", e);
            close();
        }
    }

    private void pump(InputStream in, OutputStream out) {
        byte[] buffer = new byte[Http1.BUFFER];
        try {
            for (int n = in.read(buffer); n >= 0 && !closed.get(); n = in.read(buffer)) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // one side went away; the other follows
            log.debug("Upgraded connection ended", e);
        } finally {
            close();
        }
    }

    @Override
    public void destroy() {
        close();
    }

    private void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            backend.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        if (browser != null) {
            try {
                browser.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }
}
