package org.gantry.job.tips;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TipRulesTest {

    private final TipRules rules = new TipRules();

    private static PastJob job(String name, String commands) {
        return new PastJob(name, """
                protocolVersion: 2
                name: %s
                type: job
                taskRoles:
                  train:
                    resourcePerInstance: {cpu: 2, memoryMB: 8192, gpu: 0}
                    commands:
                %s""".formatted(name, commands.lines().map(l -> "      - " + l + "\n").reduce("", String::concat)),
                false, Optional.empty(), Optional.empty());
    }

    private static PastJob failed(PastJob job, int exitCode, String diagnostics) {
        return new PastJob(job.name(), job.submittedText(), true, Optional.of(exitCode), Optional.of(diagnostics));
    }

    private List<String> keys(List<PastJob> jobs, Map<String, Long> starts) {
        return rules.tips(jobs, starts).stream().map(Tip::key).toList();
    }

    @Test
    void hdfs_in_several_jobs_suggests_a_storage() {
        List<PastJob> jobs = List.of(job("a", "hdfs dfs -get /data/x ."), job("b", "python t.py --in hdfs://nn/x"),
                job("c", "python t.py"));
        assertThat(keys(jobs, Map.of())).containsExactly("hdfs");
        assertThat(keys(jobs.subList(1, 3), Map.of())).isEmpty();
    }

    @Test
    void the_same_clone_in_three_jobs_suggests_a_marketplace_item() {
        List<PastJob> jobs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            jobs.add(job("j" + i, "git clone --depth 1 https://example.org/lab/trainer.git\npython trainer/t.py"));
        }
        assertThat(keys(jobs, Map.of())).containsExactly("git-clone:https://example.org/lab/trainer");
        assertThat(keys(jobs.subList(0, 2), Map.of())).isEmpty();
    }

    @Test
    void pip_install_in_commands_suggests_deps_pip() {
        List<PastJob> jobs = List.of(job("a", "pip install tqdm==4.66.4"), job("b", "python -m pip install x==1"));
        assertThat(keys(jobs, Map.of())).containsExactly("pip-install");
        assertThat(keys(List.of(jobs.get(0), job("c", "pip list")), Map.of())).isEmpty();
    }

    @Test
    void recent_out_of_memory_failures_suggest_more_memory() {
        PastJob oom = failed(job("big", "python t.py"), 137, "Killed");
        List<Tip> tips = rules.tips(List.of(oom, job("ok", "python t.py")), Map.of());
        assertThat(tips).extracting(Tip::key).containsExactly("oom:big");
        assertThat(tips.get(0).text()).contains("memoryMB: 8192", "try 16384");
        PastJob otherFailure = failed(job("bug", "python t.py"), 1, "Traceback: KeyError");
        assertThat(keys(List.of(otherFailure, oom), Map.of())).isEmpty();
    }

    @Test
    void starting_from_the_same_template_often_suggests_a_star() {
        assertThat(keys(List.of(), Map.of("template:pytorch-mnist", 3L, "clone:bob~x", 2L)))
                .containsExactly("often:template:pytorch-mnist");
    }
}
