package org.gantry.marketplace.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.RepositoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JGitRepositoryReaderTest {

    @TempDir
    Path repo;

    @Test
    void the_readme_and_job_yaml_of_a_local_repository_are_read() throws Exception {
        commit("README.md", "# Digits\n\nTrains on MNIST.\n", "job.yaml", "protocolVersion: 2\nname: digits\n");

        RepositoryReader.Snapshot read = new JGitRepositoryReader(true).read(repo.toUri().toString(), Optional.empty());

        assertThat(read.readme()).hasValue("# Digits\n\nTrains on MNIST.\n");
        assertThat(read.jobYaml()).hasValue("protocolVersion: 2\nname: digits\n");
        assertThat(read.commit()).hasSize(40);
    }

    @Test
    void a_job_yaml_under_another_name_is_found_by_its_protocol_version() throws Exception {
        commit("README.md", "x", "train.yml", "protocolVersion: 2\nname: other\n");

        assertThat(new JGitRepositoryReader(true).read(repo.toString(), Optional.empty()).jobYaml())
                .hasValue("protocolVersion: 2\nname: other\n");
    }

    @Test
    void local_repositories_are_refused_unless_allowed() throws Exception {
        commit("README.md", "x", "job.yaml", "y");

        assertThatThrownBy(() -> new JGitRepositoryReader(false).read(repo.toString(), Optional.empty()))
                .isInstanceOf(MarketplaceException.class).hasMessageContaining("local paths are not allowed");
        assertThatThrownBy(() -> new JGitRepositoryReader(false).read("--upload-pack=touch /tmp/x", Optional.empty()))
                .isInstanceOf(MarketplaceException.class);
    }

    private void commit(String... namesAndTexts) throws Exception {
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            for (int i = 0; i < namesAndTexts.length; i += 2) {
                Files.writeString(repo.resolve(namesAndTexts[i]), namesAndTexts[i + 1]);
            }
            git.add().addFilepattern(".").call();
            git.commit().setMessage("first").setAuthor("t", "t@localhost").setCommitter("t", "t@localhost")
                    .setSign(false).call();
        }
    }
}
