package org.gantry.terminal.ui;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.Browser;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Measures, in Chromium, keystroke round trips of the two ways a browser terminal could talk to
 * the server: the terminal's own WebSocket (a key to a real shell through the gateway and its
 * echo back) and Vaadin's channel (a {@code @ClientCallable} call answered over push, no shell
 * at all). Prints p50/p99; asserts nothing. Run it with
 * {@code mvn -o verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=TerminalTransportBench}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TerminalTransportBench {

    private static final int KEYS = 300;

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @Test
    void keystroke_round_trips_over_the_terminal_socket_and_over_vaadin() throws Exception {
        if (!Browser.available()) {
            return;
        }
        String owner = "tb" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        tasks.running(TaskRoute.of(owner, "bench", "main", 0), TerminalTestData.localTask("bench", Map.of()));
        try (Browser browser = new Browser(port)) {
            browser.driver.manage().timeouts().scriptTimeout(Duration.ofMinutes(5));
            browser.signIn(owner, owner + "-password");
            browser.await(By.id("current-user"));

            browser.open("/test/transport-probe");
            browser.await(By.id("transport-probe"));
            report("Vaadin @ClientCallable over push (no shell)", run(browser, VAADIN));

            browser.open("/jobs/" + owner + "~bench/terminal/main/0");
            browser.await(By.cssSelector("gantry-terminal[state='open']"));
            Thread.sleep(1000);
            report("terminal WebSocket -> gateway -> bash echo", run(browser, SOCKET));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Number> run(Browser browser, String script) {
        return (List<Number>) ((JavascriptExecutor) browser.driver).executeAsyncScript(
                script.replace("KEYS", Integer.toString(KEYS)));
    }

    private static void report(String path, List<Number> millis) {
        double[] sorted = millis.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        double p50 = sorted[(int) Math.ceil(0.5 * sorted.length) - 1];
        double p99 = sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
        System.out.printf("%-48s keys=%d p50=%.2f ms p99=%.2f ms max=%.2f ms%n", path, sorted.length, p50, p99,
                sorted[sorted.length - 1]);
    }

    private static final String VAADIN = """
            const done = arguments[arguments.length - 1];
            const probe = document.getElementById('transport-probe');
            (async () => {
              const times = [];
              for (let i = 0; i < 20; i++) { await probe.$server.echo('w'); }
              for (let i = 0; i < KEYS; i++) {
                const start = performance.now();
                await probe.$server.echo('a');
                times.push(performance.now() - start);
              }
              done(times);
            })();
            """;

    private static final String SOCKET = """
            const done = arguments[arguments.length - 1];
            const socket = document.querySelector('gantry-terminal')._socket;
            const encoder = new TextEncoder();
            let waiter = null;
            socket.addEventListener('message', (event) => {
              if (waiter && typeof event.data !== 'string' && new Uint8Array(event.data).includes(97)) {
                const resolve = waiter; waiter = null; resolve();
              }
            });
            const key = () => new Promise((resolve) => { waiter = resolve; socket.send(encoder.encode('a')); });
            const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
            (async () => {
              const times = [];
              for (let i = 0; i < 20 + KEYS; i++) {
                const start = performance.now();
                await key();
                if (i >= 20) { times.push(performance.now() - start); }
                if (i % 40 === 39) { socket.send(encoder.encode('\\u0015')); await pause(100); }
              }
              done(times);
            })();
            """;
}
