package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;
import static org.gantry.job.lint.LintJobs.withCode;

import org.junit.jupiter.api.Test;

class UndefinedVariableRuleTest {

    @Test
    void a_variable_nothing_sets_is_reported_once_where_first_used() {
        String yaml = job("python train.py --data \"$DATA_DIR/mnist\" --out ${OUT_DIR}\nls $DATA_DIR");
        var findings = withCode(lint(yaml), UndefinedVariableRule.CODE);
        assertThat(findings).extracting(f -> underlined(yaml, f)).containsExactly("$DATA_DIR", "${OUT_DIR}");
        assertThat(findings.get(0).line()).isEqualTo(14);
    }

    @Test
    void variables_from_deps_env_assignments_exports_reads_and_loops_are_defined() {
        String yaml = job("""
                OUT=/tmp/out
                export CKPT=$OUT/ckpt
                read -r EPOCHS < epochs.txt
                for seed in 1 2 3; do python train.py --seed $seed --epochs $EPOCHS; done
                python train.py --data $DATA_DIR --out $CKPT""", """
                deps:
                  env:
                    DATA_DIR: /data/mnist""");
        none(lint(yaml), UndefinedVariableRule.CODE);
    }

    @Test
    void platform_and_shell_variables_tests_and_guarded_expansions_are_fine() {
        String yaml = job("""
                echo $PAI_TASK_INDEX $GANTRY_JOB_NAME $HOME $PATH $CUDA_VISIBLE_DEVICES $SLURM_JOB_ID $1 $?
                if [ -z "$WANDB_API_KEY" ]; then echo offline; fi
                python train.py --workers ${WORKERS:-4}
                awk '{print $NOT_A_SHELL_VARIABLE}' log.txt""");
        none(lint(yaml), UndefinedVariableRule.CODE);
    }

    @Test
    void deps_bash_runs_before_commands_and_defines_for_them() {
        String yaml = job("python train.py --data $DATA_DIR", "deps:\n  bash:\n    - export DATA_DIR=/data");
        none(lint(yaml), UndefinedVariableRule.CODE);
    }

    @Test
    void a_variable_set_only_later_is_still_unset_where_it_is_used() {
        String yaml = job("echo $RUN_ID\nRUN_ID=$(date +%s)");
        Finding f = only(lint(yaml), UndefinedVariableRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("$RUN_ID");
    }

    @Test
    void after_source_anything_may_be_set() {
        none(lint(job("source env.sh\npython train.py --data $DATA_DIR")), UndefinedVariableRule.CODE);
    }
}
