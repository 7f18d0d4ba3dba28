package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.FailureClassifier.FailedAttempt;
import org.gantry.runtime.FailureClassifier.Log;
import org.junit.jupiter.api.Test;

/** Which failed attempts the runtime runs again as platform retries, by the seeded catalogue. */
class CatalogueFailureClassifierTest {

    private static final FailureCatalogue CATALOGUE = new FailureCatalogue(CatalogueSeed.patterns());

    private static Optional<String> classify(int exitCode, String platform, String stderr) {
        byte[] bytes = stderr.getBytes(StandardCharsets.UTF_8);
        return CatalogueFailureClassifier.classify(CATALOGUE, new FailedAttempt(Optional.of(exitCode),
                Optional.empty(), platform, List.of(new Log("stdout", () -> new ByteArrayInputStream(new byte[0]),
                        false), new Log("stderr", () -> new ByteArrayInputStream(bytes), false))));
    }

    @Test
    void an_nccl_timeout_in_stderr_is_transient() {
        assertThat(classify(1, "step `task` failed (exit 1)", "epoch 3\n[Rank 1] Watchdog caught collective operation"
                + " timeout: WorkNCCL(SeqNum=1542, OpType=ALLREDUCE) ran for 600012 milliseconds before timing out.\n"))
                .contains("NcclTimeout");
    }

    @Test
    void a_lost_slurm_node_is_transient() {
        assertThat(classify(1, "Slurm job 4711 ended NODE_FAIL before the task recorded an exit code", ""))
                .contains("SlurmNodeFailure");
    }

    @Test
    void a_missing_python_module_is_permanent() {
        assertThat(classify(1, "", "Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n"
                + "ModuleNotFoundError: No module named 'no_such_module_xyz'\n")).isEmpty();
    }

    @Test
    void a_stop_on_request_is_no_transient_failure() {
        assertThat(classify(143, "Stopped on request", "")).isEmpty();
    }

    @Test
    void an_unexplained_exit_code_is_not_retried() {
        assertThat(classify(3, "", "something went wrong\n")).isEmpty();
    }
}
