package org.gantry.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class BrowserTerminalTest {

    private static final Instant START = Instant.parse("2026-01-01T10:00:00Z");
    private static final Duration GRACE = Duration.ofSeconds(60);

    private final MutableClock clock = new MutableClock(START);
    private final BrowserTerminal terminal = new BrowserTerminal("id", "alice", TaskRoute.ofJob("alice", "train"),
            TerminalSize.DEFAULT, 1024, 4096, clock);

    @Test
    void a_terminal_without_a_browser_is_kept_for_the_grace_period_only() {
        RecordingPeer peer = new RecordingPeer();
        terminal.attach(peer);
        clock.advance(Duration.ofMinutes(10));
        assertThat(terminal.abandoned(clock.instant(), GRACE)).as("attached").isFalse();

        terminal.detach(peer);
        clock.advance(Duration.ofSeconds(59));
        assertThat(terminal.abandoned(clock.instant(), GRACE)).isFalse();
        clock.advance(Duration.ofSeconds(2));
        assertThat(terminal.abandoned(clock.instant(), GRACE)).isTrue();
    }

    @Test
    void a_browser_that_comes_back_gets_the_output_it_missed_and_the_end() {
        terminal.run((user, address, route, size) -> connection("hello\r\nbye\r\n"), "127.0.0.1");
        RecordingPeer late = new RecordingPeer();
        terminal.attach(late);
        assertThat(late.output()).isEqualTo("hello\r\nbye\r\n");
        assertThat(late.events).containsExactly("replay:", "ended:Session ended (exit 0)");
    }

    @Test
    void a_resize_that_comes_before_the_connecting_thread_runs_is_the_size_it_connects_with() throws Exception {
        // Bug: run() set the size to the one measured at open, dropping a resize that came
        // first, so bash wrapped long lines at 80 columns (seen under load in the browser test).
        List<TerminalSize> connectedWith = new ArrayList<>();
        terminal.resize(new TerminalSize(132, 41));
        terminal.run((user, address, route, size) -> {
            connectedWith.add(size);
            return connection("");
        }, "127.0.0.1");
        assertThat(connectedWith).containsExactly(new TerminalSize(132, 41));
    }

    @Test
    void a_second_window_takes_the_terminal_over() {
        RecordingPeer first = new RecordingPeer();
        RecordingPeer second = new RecordingPeer();
        terminal.attach(first);
        terminal.attach(second);
        assertThat(first.events).contains("replaced:This terminal is open in another window");
        assertThat(first.closed).isTrue();
        assertThat(second.closed).isFalse();
    }

    private static GatewayConnection connection(String output) {
        InputStream in = new ByteArrayInputStream(output.getBytes(StandardCharsets.UTF_8));
        return new GatewayConnection() {
            @Override
            public InputStream output() {
                return in;
            }

            @Override
            public void write(byte[] data) {
            }

            @Override
            public void resize(TerminalSize size) {
            }

            @Override
            public OptionalInt exitStatus() {
                return OptionalInt.of(0);
            }

            @Override
            public void close() {
            }
        };
    }

    /** What a browser would have been sent. */
    private static final class RecordingPeer implements BrowserTerminal.Peer {

        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<String> events = new ArrayList<>();
        boolean closed;

        @Override
        public void output(byte[] data, int offset, int length) {
            bytes.write(data, offset, length);
        }

        @Override
        public void event(String state, String message) {
            events.add(state + ":" + message);
        }

        @Override
        public void close() {
            closed = true;
        }

        String output() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    private static final class MutableClock extends Clock {

        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
