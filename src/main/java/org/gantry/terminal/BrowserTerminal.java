package org.gantry.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A terminal a browser shows: one gateway connection that outlives the browser's page or
 * network for a grace period, with the output kept to repaint a browser that comes back.
 *
 * <p>Output goes to the attached browser only as fast as the browser acknowledges it (at most
 * {@code outputWindow} bytes unacknowledged); meanwhile the reader waits, the gateway
 * connection's window fills and the shell waits too. While no browser is attached the
 * output only goes into the scrollback.
 */
public final class BrowserTerminal {

    private static final Logger log = LoggerFactory.getLogger(BrowserTerminal.class);
    private static final int READ_BUFFER = 16 * 1024;

    /** The browser side of a terminal. Called with the terminal's lock held, from one thread at a time. */
    public interface Peer {

        /** Sends output; may block while the transport is busy. The array is reused after the call. */
        void output(byte[] data, int offset, int length) throws IOException;

        /** Sends a state change: {@code connecting}, {@code open}, {@code replay}, {@code ended}, {@code replaced}. */
        void event(String state, String message) throws IOException;

        /** Ends this peer's transport, e.g. when another browser window took the terminal over. */
        void close();
    }

    public enum State { CONNECTING, OPEN, ENDED }

    private final String id;
    private final String username;
    private final TaskRoute route;
    private final long outputWindow;
    private final Object lock = new Object();
    private final Scrollback scrollback;
    private volatile State state = State.CONNECTING;
    private volatile GatewayConnection connection;
    private volatile TerminalSize size;
    private String endMessage = "";
    private Peer peer;
    private long unacknowledged;
    private Instant detachedSince;
    private final Clock clock;

    BrowserTerminal(String id, String username, TaskRoute route, TerminalSize initial, int scrollbackBytes,
            long outputWindow, Clock clock) {
        this.clock = clock;
        this.size = initial;
        this.id = id;
        this.username = username;
        this.route = route;
        this.scrollback = new Scrollback(scrollbackBytes);
        this.outputWindow = outputWindow;
        this.detachedSince = clock.instant();
    }

    public String id() {
        return id;
    }

    public String username() {
        return username;
    }

    public TaskRoute route() {
        return route;
    }

    public State state() {
        return state;
    }

    /** Connects through the gateway and copies output until the shell ends; runs on its own thread. */
    void run(GatewayConnector connector, String clientAddress) {
        // Read, never written here: the browser's resize may already have come before this thread ran.
        TerminalSize initial = size;
        try {
            connection = connector.connect(username, clientAddress, route, initial);
        } catch (IOException | RuntimeException e) {
            log.warn("Browser terminal {} into {} could not reach the gateway", id, route, e);
            end("Could not reach the SSH gateway: " + e.getMessage());
            return;
        }
        synchronized (lock) {
            state = State.OPEN;
            send(peer, "open", "");
        }
        // The browser measures itself while the connection is made; a shell with the wrong
        // width garbles every line that wraps.
        TerminalSize wanted = size;
        if (!wanted.equals(initial)) {
            try {
                connection.resize(wanted);
            } catch (IOException e) {
                // The connection is ending; the pump sees it at once.
            }
        }
        pump(connection.output());
        OptionalInt status = connection.exitStatus();
        connection.close();
        end(status.isPresent() ? "Session ended (exit " + status.getAsInt() + ")" : "Session ended");
    }

    private void pump(InputStream output) {
        byte[] buffer = new byte[READ_BUFFER];
        try {
            int n;
            while ((n = output.read(buffer)) > 0) {
                synchronized (lock) {
                    scrollback.append(buffer, 0, n);
                    while (peer != null && unacknowledged > outputWindow && state != State.ENDED) {
                        lock.wait(1000);
                    }
                    if (peer != null) {
                        unacknowledged += n;
                        try {
                            peer.output(buffer, 0, n);
                        } catch (IOException e) {
                            detachLocked(peer);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // The connection ended; run() reports how.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Shows this terminal in a browser: it gets the scrollback, then live output. A browser
     * already attached is told it was replaced and let go.
     */
    public void attach(Peer newPeer) {
        synchronized (lock) {
            if (peer != null && peer != newPeer) {
                send(peer, "replaced", "This terminal is open in another window");
                peer.close();
            }
            peer = newPeer;
            unacknowledged = 0;
            detachedSince = null;
            send(newPeer, "replay", "");
            byte[] replay = scrollback.snapshot();
            try {
                newPeer.output(replay, 0, replay.length);
                unacknowledged = replay.length;
            } catch (IOException e) {
                detachLocked(newPeer);
                return;
            }
            send(newPeer, state == State.ENDED ? "ended" : state.name().toLowerCase(), endMessage);
            lock.notifyAll();
        }
    }

    /** The browser went away; the terminal lives on for the grace period. */
    public void detach(Peer gone) {
        synchronized (lock) {
            detachLocked(gone);
        }
    }

    private void detachLocked(Peer gone) {
        if (peer == gone) {
            peer = null;
            detachedSince = clock.instant();
            lock.notifyAll();
        }
    }

    /** The browser has shown {@code bytes} more of the output. */
    public void acknowledge(long bytes) {
        synchronized (lock) {
            unacknowledged = Math.max(0, unacknowledged - bytes);
            lock.notifyAll();
        }
    }

    /** What the user typed or pasted; dropped while connecting or after the end. */
    public void input(byte[] data) throws IOException {
        GatewayConnection current = connection;
        if (current != null && state == State.OPEN) {
            current.write(data);
        }
    }

    /** The browser's terminal size; remembered while connecting and applied once connected. */
    public void resize(TerminalSize newSize) throws IOException {
        size = newSize;
        GatewayConnection current = connection;
        if (current != null && state == State.OPEN) {
            current.resize(newSize);
        }
    }

    /** Closes the gateway connection; the shell is hung up. */
    public void close() {
        // ended first: closing the connection lets the pump see its end at once, and the first
        // end message is the one that stays
        end("Session closed");
        GatewayConnection current = connection;
        if (current != null) {
            current.close();
        }
    }

    /** Whether nobody has looked at this terminal for longer than {@code grace}. */
    boolean abandoned(Instant now, Duration grace) {
        synchronized (lock) {
            return peer == null && detachedSince != null && detachedSince.plus(grace).isBefore(now);
        }
    }

    Optional<String> endMessage() {
        synchronized (lock) {
            return state == State.ENDED ? Optional.of(endMessage) : Optional.empty();
        }
    }

    private void end(String message) {
        synchronized (lock) {
            if (state == State.ENDED) {
                return;
            }
            state = State.ENDED;
            endMessage = message;
            send(peer, "ended", message);
            lock.notifyAll();
        }
    }

    private void send(Peer target, String event, String message) {
        if (target == null) {
            return;
        }
        try {
            target.event(event, message);
        } catch (IOException e) {
            detachLocked(target);
        }
    }
}
