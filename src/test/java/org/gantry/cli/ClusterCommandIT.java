package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@code gantry cluster add|list|use|remove} against a running Gantry, the CLI in its own JVM. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClusterCommandIT {

    @LocalServerPort
    int port;

    @TempDir
    Path cliHome;

    @Test
    void a_cluster_added_with_a_password_gets_a_lasting_token_and_the_job_commands_use_it() throws Exception {
        RestClient user = RestClient.newUser(port, "cluster");
        String server = "http://127.0.0.1:" + port;

        CliProcess.Result added = gantry("pw-" + user.username() + "\n", "cluster", "add", "--alias", "lab",
                "--uri", server + "/", "--user", user.username());

        assertThat(added.exitCode()).as(added.err()).isZero();
        assertThat(added.out()).contains("Added cluster lab: " + user.username() + " at " + server,
                "virtual clusters: default", "Now using lab.");
        assertThat(added.out()).containsPattern("storages: (.*, )?home(,|\n)");
        Path file = cliHome.resolve("clusters.yaml");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file)).doesNotContain("pw-" + user.username());
        String token = Clusters.load(file).current().orElseThrow().token();
        assertThat(user.get("/api/v2/tokens").json().path("details").findValuesAsText("label"))
                .anyMatch(label -> label.startsWith("gantry CLI on "));
        assertThat(RestClient.anonymous(port).withToken(token).get("/api/v2/users/me").status()).isEqualTo(200);

        user.submit("protocolVersion: 2\nname: via-cluster\ntype: job\ntaskRoles:\n  main:\n    instances: 1\n"
                + "    resourcePerInstance: {cpu: 1, memoryMB: 128}\n    commands:\n      - 'true'\n");
        CliProcess.Result jobs = gantry("", "job", "list", "--user", user.username());
        assertThat(jobs.exitCode()).as(jobs.err()).isZero();
        assertThat(jobs.out()).contains(user.username() + "~via-cluster");
    }

    @Test
    void clusters_are_listed_picked_and_removed_and_no_current_cluster_is_one_clear_line() throws Exception {
        RestClient user = RestClient.newUser(port, "clusters");
        String server = "http://127.0.0.1:" + port;
        assertThat(gantry("", "cluster", "add", "--alias", "one", "--uri", server, "--user", user.username(),
                "--token", user.token()).exitCode()).isZero();
        CliProcess.Result second = gantry("", "cluster", "add", "--alias", "two", "--uri", "http://localhost:" + port,
                "--user", user.username(), "--token", user.token());
        assertThat(second.out()).contains("Use it with `gantry cluster use two`.");

        assertThat(gantry("", "cluster", "use", "two").out()).contains("Now using two.");
        CliProcess.Result list = gantry("", "cluster", "list");
        assertThat(list.out()).containsPattern("\\* two +http://localhost:" + port)
                .containsPattern("\n +one +" + server).doesNotContain(user.token());

        CliProcess.Result removed = gantry("", "cluster", "remove", "two");
        assertThat(removed.out()).contains("No cluster is current now");
        CliProcess.Result none = gantry("", "job", "list");
        assertThat(none.exitCode()).isEqualTo(1);
        assertThat(none.err().strip()).hasLineCount(1).startsWith("gantry: No cluster to talk to")
                .contains("gantry cluster use");
        assertThat(gantry("", "cluster", "use", "two").err()).contains("No cluster two");
    }

    @Test
    void mistakes_are_one_line_and_a_non_zero_exit() throws Exception {
        RestClient user = RestClient.newUser(port, "mistake");
        String server = "http://127.0.0.1:" + port;

        CliProcess.Result wrongPassword = gantry("not-the-password\n", "cluster", "add", "--alias", "x", "--uri",
                server, "--user", user.username());
        CliProcess.Result wrongToken = gantry("", "cluster", "add", "--alias", "x", "--uri", server, "--user",
                user.username(), "--token", "gty_no-such-token");
        CliProcess.Result missing = gantry("", "cluster", "add", "--alias", "x", "--uri", server);
        CliProcess.Result nowhere = gantry("", "cluster", "add", "--alias", "x", "--uri", "http://127.0.0.1:1",
                "--user", "u", "--token", "t");

        for (CliProcess.Result result : new CliProcess.Result[] {wrongPassword, wrongToken, missing, nowhere}) {
            assertThat(result.exitCode()).as(result.err()).isNotZero();
            assertThat(result.err().strip()).startsWith("gantry: ").hasLineCount(1)
                    .doesNotContain("Exception", "\tat ");
        }
        assertThat(missing.err()).contains("--user", "gantry cluster add --help");
        assertThat(nowhere.err()).contains("Cannot reach Gantry at http://127.0.0.1:1");
        assertThat(cliHome.resolve("clusters.yaml")).doesNotExist();
    }

    private CliProcess.Result gantry(String stdin, String... args) throws Exception {
        return new CliProcess(cliHome).run(stdin, args);
    }
}
