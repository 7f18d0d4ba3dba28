package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClustersTest {

    @TempDir
    Path dir;

    @Test
    void clusters_survive_a_save_and_load_in_a_file_only_the_owner_can_read() throws Exception {
        Path file = dir.resolve("config/clusters.yaml");
        Clusters clusters = Clusters.load(file);
        clusters.put(new Clusters.Cluster("lab", "http://lab:8080", "ada", "gty_1", List.of("default", "gpu"),
                Optional.of(List.of("home"))));
        clusters.put(new Clusters.Cluster("old", "http://old:8080", "ada", "gty_2", List.of(), Optional.empty()));
        clusters.use("lab");
        clusters.save();

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        Clusters loaded = Clusters.load(file);
        assertThat(loaded.all()).containsExactlyElementsOf(clusters.all());
        assertThat(loaded.current().map(Clusters.Cluster::alias)).contains("lab");
        assertThat(loaded.find("old").orElseThrow().storages()).isEmpty();
    }

    @Test
    void removing_the_current_cluster_leaves_none_current_and_put_replaces_by_alias() throws Exception {
        Clusters clusters = Clusters.load(dir.resolve("clusters.yaml"));
        clusters.put(new Clusters.Cluster("lab", "http://lab:8080", "ada", "gty_1", List.of(), Optional.empty()));
        clusters.use("lab");

        assertThat(clusters.put(new Clusters.Cluster("lab", "http://lab:9090", "ada", "gty_3", List.of(),
                Optional.empty()))).isTrue();
        assertThat(clusters.current().orElseThrow().uri()).isEqualTo("http://lab:9090");
        assertThat(clusters.remove("lab")).isTrue();
        assertThat(clusters.current()).isEmpty();
        assertThat(clusters.remove("lab")).isFalse();
    }

    @Test
    void a_token_goes_only_to_the_server_of_its_cluster() throws Exception {
        Clusters clusters = Clusters.load(dir.resolve("clusters.yaml"));
        clusters.put(new Clusters.Cluster("a", "http://a:8080", "ada", "gty_a", List.of(), Optional.empty()));
        clusters.put(new Clusters.Cluster("b", "http://b:8080", "ada", "gty_b", List.of(), Optional.empty()));
        clusters.use("a");

        assertThat(clusters.onServer("http://B:8080/").map(Clusters.Cluster::token)).contains("gty_b");
        assertThat(clusters.onServer("http://c:8080")).isEmpty();
    }

    @Test
    void a_broken_file_is_one_line_that_says_what_to_do() throws Exception {
        Path file = Files.writeString(dir.resolve("clusters.yaml"), "clusters: [\n  - alias: x\n");

        assertThatThrownBy(() -> Clusters.load(file)).isInstanceOf(CliException.class)
                .hasMessageContaining(file + " is not valid YAML").hasMessageContaining("remove it");
    }
}
