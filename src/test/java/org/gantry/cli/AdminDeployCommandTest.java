package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminDeployCommandTest {

    @TempDir
    Path dir;

    private String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        int exit = GantryCli.run(args, new PrintWriter(out, true), new PrintWriter(out, true));
        assertThat(exit).as(out.toString()).isEqualTo(expectedExit);
        return out.toString();
    }

    @Test
    void gantry_admin_deploy_is_a_command_of_the_server_jar() {
        assertThat(GantryCli.handles(new String[] {"admin", "deploy"})).isTrue();
        assertThat(run(0, "admin", "deploy", "--help")).contains("--inventory").contains("--dry-run")
                .contains("--remove").contains("--drain-timeout");
    }

    @Test
    void a_bad_inventory_is_refused_before_any_machine_is_reached_with_every_problem_at_its_place() throws Exception {
        Path inventory = Files.writeString(dir.resolve("cluster.yaml"), "machines:\n  - name: a\n    address: h1\n"
                + "    port: 0\n    user: root\n    key: missing\n    roles: [system, master]\n");
        assertThat(run(2, "admin", "deploy", "--inventory", inventory.toString())).contains("3 problems in")
                .contains("cluster.yaml:4:11: port `0` is not a number from 1 to 65535")
                .contains("cluster.yaml:6:10: key file " + dir.resolve("missing") + " does not exist")
                .contains("cluster.yaml:7:21: unknown role `master`");
    }

    @Test
    void drain_options_go_with_remove() throws Exception {
        Files.writeString(dir.resolve("k"), "key");
        Path inventory = Files.writeString(dir.resolve("c.yaml"), "machines:\n  - name: a\n    address: h1\n"
                + "    user: root\n    key: k\n    roles: [system, compute]\n");
        assertThat(run(1, "admin", "deploy", "--inventory", inventory.toString(), "--stop",
                "--token-file", dir.resolve("k").toString())).contains("--drain-timeout and --stop go with --remove");
    }
}
