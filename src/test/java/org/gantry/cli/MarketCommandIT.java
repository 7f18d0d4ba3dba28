package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.MarketTemplates;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@code gantry market publish|search|get|use} in its own JVM against a running server. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MarketCommandIT {

    private static final String TEMPLATE = MarketTemplates.echoing("cli-template", "epochs", "1");

    @LocalServerPort
    int port;
    @Autowired
    UserService users;
    @TempDir
    Path dir;

    CliProcess cli;
    String server;
    String user;

    @BeforeEach
    void signIn() throws Exception {
        server = "http://localhost:" + port;
        user = "mkt" + UUID.randomUUID().toString().substring(0, 8);
        TestSecurity.asAdmin(() -> users.create(user, user + "-password", Role.USER, "", List.of("default")));
        cli = new CliProcess(dir.resolve("cli-home"));
        assertThat(cli.run(user + "-password\n", "login", "--server", server, "-u", user, "--password-stdin")
                .exitCode()).isZero();
    }

    @Test
    void a_template_is_published_found_shown_and_used() throws Exception {
        Path yaml = dir.resolve("job.yaml");
        Files.writeString(yaml, TEMPLATE);
        String name = "cli-" + user;

        CliProcess.Result published = cli.run("", "market", "publish", "--name", name, "--type", "template",
                "--summary", "Counts epochs for " + user, "--content", yaml.toString());
        assertThat(published.exitCode()).as(published.err()).isZero();
        assertThat(published.out()).contains("Published " + name);

        CliProcess.Result found = cli.run("", "market", "search", user);
        assertThat(found.out()).contains(name).contains("1 item(s) match.");

        CliProcess.Result shown = cli.run("", "market", "get", name, "--content");
        assertThat(shown.out()).isEqualTo(TEMPLATE);

        CliProcess.Result used = cli.run("", "market", "use", name, "-p", "epochs=3");
        assertThat(used.exitCode()).as(used.err()).isZero();
        assertThat(used.out()).contains("from " + name + " version 1").contains(user + "~cli-template-");
    }
}
