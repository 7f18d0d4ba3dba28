package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BehaviourTest {

    private static final String TRAIN = """
            protocolVersion: 2
            name: train
            type: job
            prerequisites:
              - name: image
                type: dockerimage
                uri: 'pytorch/pytorch:2.3-cuda12'
            taskRoles:
              main:
                dockerImage: image
                commands:
                  - git clone https://example.invalid/repo.git && cd repo
                  - pip install -r requirements.txt
                  - hdfs dfs -get /data/set ./data
                  - python3.11 -c 'import torch; import numpy'
            """;

    @Test
    void a_jobs_commands_images_python_and_frameworks_are_classified() {
        Behaviour b = Behaviour.of(TRAIN);

        assertThat(b.tools()).containsExactlyInAnyOrder(Behaviour.Tool.GIT, Behaviour.Tool.PIP_INSTALL,
                Behaviour.Tool.HDFS);
        assertThat(b.images()).containsExactly("pytorch/pytorch:2.3-cuda12");
        assertThat(b.pythonVersions()).containsExactly("3.11");
        assertThat(b.frameworks()).containsExactly("torch", "numpy");
    }

    @Test
    void deps_and_module_lines_count_as_their_tools_and_words_inside_names_do_not() {
        Behaviour b = Behaviour.of("""
                taskRoles:
                  main:
                    deps:
                      module: [gcc/12]
                      pip: [numpy]
                    commands:
                      - echo digit curly wgetter
                      - module load cuda/12
                      - curl -sO https://example.invalid/x
                """);

        assertThat(b.tools()).containsExactlyInAnyOrder(Behaviour.Tool.MODULE_LOAD, Behaviour.Tool.DEPS_PIP,
                Behaviour.Tool.CURL);
    }

    @Test
    void habits_seen_in_three_jobs_give_recommendations_with_exact_counts() {
        BehaviourService.Profile profile = BehaviourService.profile(Collections.nCopies(3, TRAIN));
        assertThat(profile.jobs()).isEqualTo(3);
        assertThat(profile.tools()).containsEntry(Behaviour.Tool.PIP_INSTALL, 3L).containsEntry(Behaviour.Tool.HDFS, 3L);
        assertThat(profile.images()).containsEntry("pytorch/pytorch:2.3-cuda12", 3L);
        assertThat(profile.recommendations()).extracting(Recommendation::code)
                .containsExactly("pip-install-in-commands", "hdfs-copy", "git-clone");

        assertThat(BehaviourService.profile(List.of(TRAIN, TRAIN)).recommendations()).isEmpty();
    }
}
