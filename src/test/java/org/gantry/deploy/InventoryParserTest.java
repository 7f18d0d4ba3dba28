package org.gantry.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InventoryParserTest {

    @TempDir
    Path dir;

    private Path file;

    @BeforeEach
    void key() throws Exception {
        Files.writeString(dir.resolve("id_ed25519"), "not really a key");
        file = dir.resolve("cluster.yaml");
    }

    private Inventory parse(String text) {
        return InventoryParser.parse(file, text);
    }

    private List<InventoryProblem> problems(String text) {
        try {
            parse(text);
        } catch (InventoryException e) {
            return e.problems();
        }
        throw new AssertionError("the inventory was accepted");
    }

    private static String machine(String name, String address, String roles) {
        return "  - name: " + name + "\n    address: " + address + "\n    user: root\n    key: id_ed25519\n"
                + "    roles: [" + roles + "]\n";
    }

    @Test
    void reads_machines_with_roles_defaults_and_keys_relative_to_the_file() {
        Inventory inventory = parse("gantry:\n  url: http://10.0.0.1:8080/\nmachines:\n"
                + machine("sys", "10.0.0.1", "system, storage") + "    storage_dir: /srv/data\n"
                + machine("gpu1", "10.0.0.2", "compute") + "    port: 2222\n    vc: gpu\n    slurm: true\n");
        assertThat(inventory.gantry().url()).isEqualTo("http://10.0.0.1:8080");
        assertThat(inventory.gantry().dir()).isEqualTo("/opt/gantry");
        assertThat(inventory.system().name()).isEqualTo("sys");
        assertThat(inventory.system().storageDir()).contains("/srv/data");
        Inventory.Machine gpu = inventory.machine("gpu1").orElseThrow();
        assertThat(gpu.port()).isEqualTo(2222);
        assertThat(gpu.vc()).contains("gpu");
        assertThat(gpu.slurm()).isTrue();
        assertThat(gpu.key()).isEqualTo(dir.resolve("id_ed25519"));
        assertThat(inventory.system().port()).isEqualTo(22);
        assertThat(inventory.knownHosts()).isEqualTo(dir.resolve("cluster.yaml.known_hosts"));
    }

    @Test
    void the_slurm_section_has_defaults_and_its_values_are_checked_at_their_line() {
        Inventory defaults = parse("machines:\n" + machine("a", "h1", "system") + machine("b", "h2", "compute")
                + "    slurm: true\n");
        assertThat(defaults.slurm()).isEqualTo(new Inventory.Slurm("/etc/slurm/slurm.conf", "/var/lib/gantry-slurm",
                "gantry", 6817, 6818));
        assertThat(defaults.slurmNodes()).extracting(Inventory.Machine::name).containsExactly("b");

        Inventory set = parse("slurm:\n  conf: /opt/slurm/slurm.conf\n  dir: /srv/slurm\n  cluster_name: lab\n"
                + "  slurmctld_port: 7817\n  slurmd_port: 7818\nmachines:\n" + machine("a", "h1", "system, compute"));
        assertThat(set.slurm()).isEqualTo(new Inventory.Slurm("/opt/slurm/slurm.conf", "/srv/slurm", "lab", 7817, 7818));

        assertThat(problems("slurm:\n  conf: slurm.conf\n  cluster_name: Lab-1\n  slurmd_port: 70000\n  nodes: 2\n"
                + "machines:\n" + machine("a", "h1", "system, compute")))
                .extracting(InventoryProblem::toString).containsExactly(
                        "line 2, column 9: conf `slurm.conf` is not an absolute path of letters, digits, '_', '.', '-' and '/'",
                        "line 3, column 17: cluster_name `Lab-1` is not 1 to 40 lower-case letters, digits or '_' starting with a letter",
                        "line 4, column 16: slurmd_port `70000` is not a number from 1 to 65535",
                        "line 5, column 3: unknown key `nodes` (known: cluster_name, conf, dir, slurmctld_port, slurmd_port)");
    }

    @Test
    void a_compute_machine_without_vc_serves_the_default_one() {
        Inventory inventory = parse("machines:\n" + machine("a", "h1", "system, compute"));
        assertThat(inventory.system().vc()).contains("default");
    }

    @Test
    void duplicate_names_are_reported_at_the_second_name() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system") + machine("a", "h2", "compute")))
                .containsExactly(new InventoryProblem(7, 11, "name a is used twice (first at line 2)"));
    }

    @Test
    void duplicate_addresses_with_the_same_port_are_reported() {
        List<InventoryProblem> problems = problems("machines:\n" + machine("a", "h1", "system")
                + machine("b", "H1", "compute"));
        assertThat(problems).extracting(InventoryProblem::message)
                .containsExactly("address H1 port 22 is machine a's already (line 2)");
        assertThat(problems.get(0).line()).isEqualTo(8);
    }

    @Test
    void the_same_address_on_another_port_is_another_machine() {
        assertThat(parse("machines:\n" + machine("a", "h1", "system") + machine("b", "h1", "compute")
                + "    port: 2200\n").machines()).hasSize(2);
    }

    @Test
    void an_unknown_role_is_reported_at_the_role() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, compute, master")))
                .containsExactly(new InventoryProblem(6, 30,
                        "unknown role `master`: a role is system, storage or compute"));
    }

    @Test
    void no_system_machine_is_reported_at_the_list() {
        assertThat(problems("machines:\n" + machine("a", "h1", "compute")))
                .containsExactly(new InventoryProblem(1, 1,
                        "no machine has the system role: exactly one runs Gantry and PostgreSQL"));
    }

    @Test
    void a_second_system_machine_is_reported() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, compute") + machine("b", "h2", "system")))
                .extracting(InventoryProblem::toString)
                .containsExactly("line 11, column 12: a second machine with the system role (the first is at line 6):"
                        + " exactly one runs Gantry");
    }

    @Test
    void no_compute_machine_is_reported() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, storage") + "    storage_dir: /srv\n"))
                .extracting(InventoryProblem::message)
                .containsExactly("no machine has the compute role: at least one runs tasks");
    }

    @Test
    void a_missing_key_file_is_reported_at_the_key() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, compute").replace("id_ed25519", "gone")))
                .containsExactly(new InventoryProblem(5, 10, "key file " + dir.resolve("gone") + " does not exist"));
    }

    @Test
    void how_gantry_is_installed_is_read_and_checked() throws Exception {
        Files.writeString(dir.resolve("admin.pw"), "secret");
        Inventory inventory = parse("gantry:\n  url: http://10.0.0.1:9090\n  admin_password_file: admin.pw\n"
                + "  database:\n    url: jdbc:postgresql://10.0.0.5/gantry\n    user: gantry\n"
                + "    password_file: admin.pw\n  java: /opt/jdk/bin/java\n  java_options: -Xmx2g\nmachines:\n"
                + machine("a", "h1", "system, compute"));
        assertThat(inventory.gantry().port()).isEqualTo(9090);
        assertThat(inventory.gantry().adminPasswordFile()).contains(dir.resolve("admin.pw"));
        assertThat(inventory.gantry().database()).contains(new Inventory.Database("jdbc:postgresql://10.0.0.5/gantry",
                "gantry", dir.resolve("admin.pw")));
        assertThat(inventory.gantry().java()).isEqualTo("/opt/jdk/bin/java");
        assertThat(inventory.gantry().javaOptions()).isEqualTo("-Xmx2g");

        assertThat(problems("gantry:\n  admin_password_file: gone.pw\n  database:\n    url: mysql://x\n"
                + "machines:\n" + machine("a", "h1", "system, compute")))
                .extracting(InventoryProblem::toString).containsExactly(
                        "line 2, column 24: admin_password_file " + dir.resolve("gone.pw") + " does not exist",
                        "line 4, column 5: `user:` is missing",
                        "line 4, column 5: `password_file:` is missing",
                        "line 4, column 10: database url `mysql://x` is not a PostgreSQL JDBC address such as"
                                + " jdbc:postgresql://10.0.0.1:5432/gantry");
    }

    @Test
    void bad_ports_are_reported() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, compute") + "    port: 70000\n"
                + machine("b", "h2", "compute") + "    port: ssh\n"))
                .containsExactly(new InventoryProblem(7, 11, "port `70000` is not a number from 1 to 65535"),
                        new InventoryProblem(13, 11, "port `ssh` is not a number from 1 to 65535"));
    }

    @Test
    void every_problem_is_reported_at_once() {
        List<InventoryProblem> problems = problems("gantry:\n  url: nowhere\n  colour: blue\nmachines:\n"
                + "  - name: a b\n    address: h1\n    user: root\n    key: id_ed25519\n    roles: [system, storage]\n"
                + "  - address: h2\n    user: root\n    key: id_ed25519\n    roles: compute\n    vc: gpu!\n");
        assertThat(problems).extracting(InventoryProblem::toString).containsExactly(
                "line 2, column 8: url `nowhere` is not an address such as http://10.0.0.1:8080",
                "line 3, column 3: unknown key `colour` (known: admin, admin_password_file, database, dir, jar, java, java_options, url)",
                "line 5, column 11: name `a b` is not 1 to 64 letters, digits, '_', '.' or '-'",
                "line 9, column 12: a storage machine needs `storage_dir:`, the directory that becomes the storage",
                "line 10, column 5: `name:` is missing",
                "line 14, column 9: vc `gpu!` is not 1 to 64 letters, digits, '_' or '-'");
    }

    @Test
    void repeated_and_unknown_keys_of_a_machine_are_reported() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system, compute") + "    user: other\n"
                + "    gpus: 4\n")).extracting(InventoryProblem::message).containsExactly(
                "`user` is given twice",
                "unknown key `gpus` (known: address, key, name, port, roles, slurm, storage_dir, user, vc)");
    }

    @Test
    void yaml_syntax_errors_carry_their_position() {
        assertThatThrownBy(() -> parse("machines:\n  - name: [a\n")).isInstanceOf(InventoryException.class)
                .hasMessageContaining("cluster.yaml:3:1: not YAML");
    }

    @Test
    void storage_dir_and_vc_belong_to_their_roles() {
        assertThat(problems("machines:\n" + machine("a", "h1", "system") + "    storage_dir: /srv\n"
                + machine("b", "h2", "storage") + "    storage_dir: data\n    vc: x\n"))
                .extracting(InventoryProblem::message).contains(
                        "storage_dir is only for machines with the system role".replace("system", "storage"),
                        "storage_dir `data` is not an absolute path without `..`",
                        "vc and slurm are only for machines with the compute role");
    }
}
