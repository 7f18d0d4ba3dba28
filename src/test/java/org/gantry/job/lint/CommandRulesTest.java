package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.apply;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;
import static org.gantry.job.lint.LintJobs.withCode;

import org.gantry.job.lint.Finding.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandRulesTest {

    @ParameterizedTest
    @CsvSource({"pyhton train.py, pyhton, python", "nvidia-smu, nvidia-smu, nvidia-smi",
            "pip3 isntall -r requirements.txt, isntall, install", "gti clone https://example.org/a.git, gti, git",
            "git chekcout main, chekcout, checkout", "python -m pip isntall x==1, isntall, install",
            "conda acitvate base, acitvate, activate", "torchrn --nproc_per_node 4 train.py, torchrn, torchrun"})
    void a_slip_of_the_keyboard_is_reported_with_the_intended_word_as_fix(String command, String word, String meant) {
        String yaml = job(command);
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo(word);
        assertThat(f.message()).contains("did you mean `" + meant + "`");
        assertThat(apply(yaml, f.fix().orElseThrow())).contains(command.replace(word, meant));
    }

    @Test
    void programs_of_the_job_own_functions_and_unknown_words_far_from_any_command_are_left_alone() {
        String yaml = job("""
                setup() { echo setting up; }
                setup
                alias pyhton=python3
                pyhton -V
                ./run.sh --epochs 3
                python3.11 train.py
                my_trainer --config cfg.yaml
                train --epochs 3
                pip install -r requirements.txt""");
        none(lint(yaml), MisspelledCommandRule.CODE);
    }

    @Test
    void an_ambiguous_slip_is_not_guessed() {
        // "tal" is one edit from tail, tar and tac: no single intended word
        none(lint(job("tal -n 5 log.txt")), MisspelledCommandRule.CODE);
    }

    @Test
    void sudo_is_reported_and_sudo_in_a_word_is_not() {
        String yaml = job("sudo apt-get install -y libgl1\necho 'no sudo here' && pseudo-tool");
        Finding f = only(lint(yaml), SudoRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("sudo");
        assertThat(f.line()).isEqualTo(14);
    }

    @Test
    void pip_install_in_commands_suggests_deps_pip_and_unpinned_packages_are_named() {
        String yaml = job("pip install --upgrade pip\npip install -q torchvision==0.18.0 tqdm \"numpy>=1.26\"");
        var findings = lint(yaml);
        Finding install = only(findings, PipRules.PIP_IN_COMMANDS);
        assertThat(install.line()).isEqualTo(15);
        assertThat(install.severity()).isEqualTo(Severity.INFO);
        Finding unpinned = only(findings, PipRules.UNPINNED);
        assertThat(underlined(yaml, unpinned)).isEqualTo("tqdm");
    }

    @Test
    void pinned_packages_and_pip_other_than_install_are_fine() {
        var findings = lint(job("pip install --upgrade pip\npip list\npip freeze > env.txt"));
        none(findings, PipRules.PIP_IN_COMMANDS);
        none(findings, PipRules.UNPINNED);
    }

    @Test
    void unpinned_deps_pip_packages_are_reported_at_the_package() {
        String yaml = job("python train.py", """
                deps:
                  pip:
                    packages:
                      - torch==2.3.0
                      - transformers
                      - "datasets>=2.19"
                      - accelerate[deepspeed]""");
        var unpinned = withCode(lint(yaml), PipRules.UNPINNED);
        assertThat(unpinned).extracting(f -> underlined(yaml, f)).containsExactly("transformers",
                "accelerate[deepspeed]");
    }

    @Test
    void conda_activate_without_the_shell_hook_is_reported() {
        String yaml = job("conda activate torch && python train.py");
        Finding f = only(lint(yaml), CondaRules.ACTIVATE);
        assertThat(underlined(yaml, f)).isEqualTo("conda activate");
        assertThat(f.message()).contains("conda shell.bash hook", "deps.conda");
    }

    @Test
    void conda_activate_after_the_hook_or_with_deps_conda_is_fine() {
        none(lint(job("eval \"$(conda shell.bash hook)\"\nconda activate torch")), CondaRules.ACTIVATE);
        none(lint(job("source /opt/conda/etc/profile.d/conda.sh && conda activate torch")), CondaRules.ACTIVATE);
        none(lint(job("conda activate torch", "deps:\n  conda:\n    env: base")), CondaRules.ACTIVATE);
    }

    @Test
    void conda_init_and_bashrc_do_not_count_as_the_hook() {
        only(lint(job("conda init bash\nsource ~/.bashrc\nconda activate torch")), CondaRules.ACTIVATE);
    }

    @Test
    void module_load_after_conda_activation_is_reported() {
        String yaml = job("eval \"$(conda shell.bash hook)\"\nconda activate torch\nmodule load cuda/12.1");
        Finding f = only(lint(yaml), CondaRules.MODULE_AFTER_CONDA);
        assertThat(f.line()).isEqualTo(16);
        var withDeps = lint(job("module load gcc/12", "deps:\n  conda:\n    env: base"));
        only(withDeps, CondaRules.MODULE_AFTER_CONDA);
    }

    @Test
    void module_load_before_conda_is_fine() {
        none(lint(job("module load cuda/12.1\neval \"$(conda shell.bash hook)\"\nconda activate torch")),
                CondaRules.MODULE_AFTER_CONDA);
        none(lint(job("python train.py", "deps:\n  module: [cuda/12.1]\n  conda:\n    env: base")),
                CondaRules.MODULE_AFTER_CONDA);
    }
}
