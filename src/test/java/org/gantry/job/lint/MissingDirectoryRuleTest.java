package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.apply;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;

import org.junit.jupiter.api.Test;

class MissingDirectoryRuleTest {

    @Test
    void cd_into_a_directory_nothing_created_offers_mkdir_first() {
        String yaml = job("cd data\nwget -q https://example.org/mnist.tgz");
        Finding f = only(lint(yaml), MissingDirectoryRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("data");
        assertThat(apply(yaml, f.fix().orElseThrow())).contains("      - mkdir -p data && cd data\n");
    }

    @Test
    void wget_output_into_a_missing_directory_is_reported_on_the_directory() {
        String yaml = job("wget -O models/resnet.pt https://example.org/resnet.pt");
        Finding f = only(lint(yaml), MissingDirectoryRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("models");
        assertThat(f.message()).contains("wget does not create it");
        assertThat(apply(yaml, f.fix().orElseThrow())).contains("- mkdir -p models && wget -O models/resnet.pt");
    }

    @Test
    void curl_into_a_missing_directory_without_create_dirs_is_reported() {
        only(lint(job("curl -L -o ckpt/last.pt https://example.org/last.pt")), MissingDirectoryRule.CODE);
        none(lint(job("curl -L --create-dirs -o ckpt/last.pt https://example.org/last.pt")),
                MissingDirectoryRule.CODE);
    }

    @Test
    void directories_made_by_mkdir_clone_wget_prefix_and_venv_exist() {
        String yaml = job("""
                mkdir -p data/raw
                cd data/raw && wget -q https://example.org/mnist.tgz && cd ../..
                git clone --depth 1 https://example.org/lab/trainer.git
                cd trainer/scripts
                cd ../..
                wget -P weights https://example.org/w.pt && cd weights
                cd ..
                python -m venv .venv && cd .venv""");
        none(lint(yaml), MissingDirectoryRule.CODE);
    }

    @Test
    void absolute_and_variable_paths_are_not_judged() {
        none(lint(job("cd /workspace\ncd $HOME/code\ncd ~")), MissingDirectoryRule.CODE);
    }

    @Test
    void after_a_program_that_may_create_anything_the_rule_stops() {
        none(lint(job("python prepare.py\ncd prepared")), MissingDirectoryRule.CODE);
    }

    @Test
    void no_fix_after_an_or_where_mkdir_would_change_what_runs() {
        String yaml = job("test -d data || cd data");
        assertThat(only(lint(yaml), MissingDirectoryRule.CODE).fix()).isEmpty();
    }
}
