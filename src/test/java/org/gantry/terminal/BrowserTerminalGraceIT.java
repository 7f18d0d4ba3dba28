package org.gantry.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A browser terminal outliving its browser for the grace period, with a short grace: the
 * terminals service, its MINA client into the real gateway, and a real shell. The browser's
 * side of the wire is a recording peer, attached and detached as the terminal socket does
 * when a page opens and closes; TerminalBrowserIT covers the socket and xterm.js themselves.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "gantry.terminal.detached-grace=2s")
class BrowserTerminalGraceIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Autowired
    BrowserTerminals terminals;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @Test
    void a_detached_terminal_resumes_with_its_output_within_the_grace_and_ends_after_it() throws Exception {
        String owner = "bg" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        TaskRoute route = TaskRoute.of(owner, "train", "worker", 0);
        tasks.running(route, TerminalTestData.localTask("train", Map.of()));

        BrowserTerminal terminal = terminals.open(owner, "127.0.0.1", route, new TerminalSize(100, 30));
        RecordingPeer first = new RecordingPeer();
        terminal.attach(first);
        first.awaitEvent("open");
        terminal.input(bytes("MARK=kept-$((1+1)); echo \"marker-$((6*7)) pid-$$\"\r"));
        long shellPid = first.awaitPid();

        // The page closes (a reload, a dropped network) and a new one comes back for the same id.
        terminal.detach(first);
        RecordingPeer second = new RecordingPeer();
        terminals.find(terminal.id(), owner).orElseThrow().attach(second);
        assertThat(second.events()).startsWith("replay:");
        assertThat(second.output()).contains("marker-42 pid-" + shellPid);
        terminal.input(bytes("echo $MARK\r"));
        second.awaitOutput("kept-2\r\n");

        // No page for longer than the grace: the terminal and its shell end.
        terminal.detach(second);
        await(() -> terminals.find(terminal.id(), owner).isEmpty(), "the terminal to be dropped");
        assertThat(terminal.state()).isEqualTo(BrowserTerminal.State.ENDED);
        assertThat(terminal.endMessage()).contains("Session closed");
        await(() -> ProcessHandle.of(shellPid).map(p -> !p.isAlive()).orElse(true), "the shell to be hung up");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Waited " + TIMEOUT + " for " + what);
            }
            Thread.sleep(100);
        }
    }

    /** What a browser would have been sent; the terminal calls it from its own thread. */
    private static final class RecordingPeer implements BrowserTerminal.Peer {

        private static final Pattern PID = Pattern.compile("marker-42 pid-(\\d+)");

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final List<String> events = new ArrayList<>();

        @Override
        public synchronized void output(byte[] data, int offset, int length) {
            bytes.write(data, offset, length);
            notifyAll();
        }

        @Override
        public synchronized void event(String state, String message) {
            events.add(state + ":" + message);
            notifyAll();
        }

        @Override
        public void close() {
        }

        synchronized String output() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        synchronized List<String> events() {
            return List.copyOf(events);
        }

        synchronized void awaitEvent(String state) throws InterruptedException {
            awaitLocked(() -> events.stream().anyMatch(e -> e.startsWith(state + ":")), "state " + state);
        }

        synchronized void awaitOutput(String text) throws InterruptedException {
            awaitLocked(() -> output().contains(text), "`" + text + "`");
        }

        synchronized long awaitPid() throws InterruptedException {
            awaitLocked(() -> PID.matcher(output()).find(), "the shell's pid");
            Matcher matcher = PID.matcher(output());
            matcher.find();
            return Long.parseLong(matcher.group(1));
        }

        private void awaitLocked(BooleanSupplier condition, String what) throws InterruptedException {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!condition.getAsBoolean()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("No " + what + " within " + TIMEOUT + "; events " + events
                            + ", output:\n" + output());
                }
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }
}
