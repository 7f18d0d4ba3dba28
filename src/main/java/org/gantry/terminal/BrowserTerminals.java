package org.gantry.terminal;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * The browser terminals open on this server, by id. An id is a 128-bit random capability that
 * is only ever honoured for the user who opened the terminal.
 */
@Service
public class BrowserTerminals implements DisposableBean {

    /** Terminals one user may hold open at once, counting those waiting for a reconnect. */
    public static final int PER_USER_MAX = 16;

    private static final Logger log = LoggerFactory.getLogger(BrowserTerminals.class);

    private final GatewayConnector connector;
    private final TerminalProperties properties;
    private final Clock clock;
    private final Map<String, BrowserTerminal> terminals = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final ExecutorService threads;

    BrowserTerminals(GatewayConnector connector, TerminalProperties properties, Clock clock) {
        this.connector = connector;
        this.properties = properties;
        this.clock = clock;
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "gantry-browser-terminal-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Opens a terminal into {@code route} for {@code username}; it connects in the background
     * and waits for a browser to attach.
     *
     * @throws IllegalStateException when the user has too many terminals open
     */
    public BrowserTerminal open(String username, String clientAddress, TaskRoute route, TerminalSize size) {
        long open = terminals.values().stream().filter(t -> t.username().equals(username)).count();
        if (open >= PER_USER_MAX) {
            throw new IllegalStateException("You have " + open + " terminals open; close one first");
        }
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        BrowserTerminal terminal = new BrowserTerminal(id, username, route, size, (int) properties.scrollback().toBytes(),
                properties.outputWindow().toBytes(), clock);
        terminals.put(id, terminal);
        threads.execute(() -> terminal.run(connector, clientAddress));
        return terminal;
    }

    /** The user's terminal with this id, if it is still kept. */
    public Optional<BrowserTerminal> find(String id, String username) {
        return Optional.ofNullable(id).map(terminals::get).filter(t -> t.username().equals(username));
    }

    /** Closes terminals nobody has looked at for the grace period, ended or not. */
    @Scheduled(fixedDelayString = "PT5S")
    public void closeAbandoned() {
        Instant now = clock.instant();
        terminals.values().removeIf(terminal -> {
            if (terminal.abandoned(now, properties.detachedGrace())) {
                log.info("Closing browser terminal {} of {} into {}: no browser for {}", terminal.id(),
                        terminal.username(), terminal.route(), properties.detachedGrace());
                terminal.close();
                return true;
            }
            return false;
        });
    }

    @Override
    public void destroy() {
        terminals.values().forEach(BrowserTerminal::close);
        terminals.clear();
        threads.shutdownNow();
    }
}
