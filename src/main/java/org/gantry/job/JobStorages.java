package org.gantry.job;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.lint.LintContext;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.Problem;

/**
 * The storages a job mounts through {@code extras.storages} (OpenPAI's shape: {@code - name:
 * data} with an optional {@code mountPath}; {@code storages: []} means the user's default
 * storages). Implemented by the storage feature, which depends on jobs; see
 * docs/decisions/0034-storages-in-jobs.md.
 */
public interface JobStorages {

    /**
     * One storage as a task sees it.
     *
     * @param name          the storage's name
     * @param mountPath     the absolute path the task reads and writes it at
     * @param readOnly      whether the task may only read it
     * @param hostDirectory where its files lie on Gantry's host, for local tasks; empty where
     *                      the executor's machines have it mounted at {@code mountPath} already
     */
    record Mount(String name, String mountPath, boolean readOnly, Optional<Path> hostDirectory) {
    }

    /**
     * Why the job's storages cannot be mounted for {@code username} where the virtual
     * cluster runs tasks (executor kind and target): a storage unknown, not the user's, or not
     * reachable from that executor. Empty when every one can.
     */
    List<Problem> problems(String username, String executor, String target, JobSpec spec);

    /**
     * The mounts of a task about to start, checked again (access may have changed since the
     * submission).
     *
     * @throws RuntimeException with a message for the user when a storage cannot be mounted
     */
    List<Mount> mounts(String username, String executor, String target, Map<String, Object> extras);

    /** The storages {@code username} may mount, for the linter. */
    List<LintContext.UsableStorage> usableBy(String username);
}
