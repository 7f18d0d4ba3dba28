package org.gantry.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The browser's sign-in form is limited like the REST login, per account and per address. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class FormLoginRateLimitIT {

    private static final Pattern LOCATION = Pattern.compile("(?im)^Location: *(\\S+)");

    @LocalServerPort
    int port;

    @Test
    void after_ten_failures_the_form_refuses_without_checking_the_password(CapturedOutput output) throws IOException {
        String user = newUser("formguess");
        String password = "pw-" + user;
        // A loopback address of its own, so that the block does not hit the other tests' sign-ins.
        String guesser = "127.0.0.79";

        for (int i = 0; i < LoginRateLimiter.MAX_FAILURES; i++) {
            assertThat(location(formLogin(guesser, user, "guess-" + i))).endsWith("/login?error");
        }

        // The right password now is not even checked: the answer is the wait, not a session.
        String blocked = formLogin(guesser, user, password);
        assertThat(location(blocked)).containsPattern("/login\\?blocked=\\d+$");
        long seconds = Long.parseLong(location(blocked).replaceAll(".*blocked=", ""));
        assertThat(seconds).isBetween(1L, LoginRateLimiter.WINDOW.toSeconds() + 1);
        assertThat(blocked).doesNotContainIgnoringCase("Set-Cookie: JSESSIONID");
        assertThat(output.getOut()).contains("Login for user '" + user + "' from " + guesser
                + " refused: too many failures (browser)").doesNotContain(password);

        // Blocked for the account from any address, and for any account from that address ...
        assertThat(location(formLogin("127.0.0.1", user, password))).contains("/login?blocked=");
        assertThat(location(formLogin(guesser, "someone-else", "whatever"))).contains("/login?blocked=");
        // ... and the REST login shares the count.
        assertThat(RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", user, "password", password)).status()).isEqualTo(429);
    }

    @Test
    void the_right_password_signs_in_and_a_wrong_one_is_only_an_error() throws IOException {
        String user = newUser("formok");
        String address = "127.0.0.80";
        assertThat(location(formLogin(address, user, "wrong-password"))).endsWith("/login?error");
        String signedIn = formLogin(address, user, "pw-" + user);
        assertThat(location(signedIn)).doesNotContain("/login");
        assertThat(signedIn).containsIgnoringCase("Set-Cookie: JSESSIONID");
    }

    private String newUser(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        RestClient.Response created = RestClient.admin(port).postJson("/api/v2/users", Map.of("username", name,
                "password", "pw-" + name, "admin", false, "virtualCluster", List.of("default")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return name;
    }

    private static String location(String response) {
        assertThat(response).startsWith("HTTP/1.1 302");
        Matcher matcher = LOCATION.matcher(response);
        assertThat(matcher.find()).as(response).isTrue();
        return matcher.group(1);
    }

    /** The form's POST as a browser sends it, from a chosen loopback address so that the server sees that address. */
    private String formLogin(String fromAddress, String username, String password) throws IOException {
        String body = "username=" + URLEncoder.encode(username, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(fromAddress), 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(10000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
