package org.gantry.job;

import java.util.List;
import java.util.Optional;

/**
 * A task attempt's output and steps as the job views read them; the runtime implements it. The
 * job feature owns the interface so that its views need not depend on the runtime.
 *
 * <p>Every method addresses task {@code role[index]} of job {@code owner~job}, and one attempt
 * of it: OpenPAI's job attempt and task attempt (retry) numbers, or the latest launched one when
 * {@code attempt} is empty. Called on a request thread with the viewer's security context: they
 * throw {@code AccessDeniedException} for viewers who may not read the logs, and
 * {@link IllegalStateException} when the executor cannot be reached now.
 */
public interface TaskLogs {

    /** The most a single read returns. */
    int MAX_CHUNK = 4 * 1024 * 1024;

    enum Stream { STDOUT, STDERR }

    /** A task attempt: the job's attempt and the task's retry within it, both from 0. */
    record Attempt(int jobAttempt, int taskAttempt) {
    }

    /**
     * A slice of a log.
     *
     * @param data       the bytes read; the caller owns the array
     * @param nextOffset where the next read continues
     * @param size       the log's size when read; more may follow while the task runs
     * @param complete   the attempt has ended and everything up to its end was read
     */
    record Chunk(byte[] data, long nextOffset, long size, boolean complete) {
    }

    /**
     * A task attempt's steps in the order they run, the planned ones not reached yet included.
     *
     * @param steps    every step of the attempt's script
     * @param complete the attempt has ended: the steps will not change any more
     */
    record Steps(List<TaskStep> steps, boolean complete) {

        public Steps {
            steps = List.copyOf(steps);
        }
    }

    /**
     * Whether the attempt was launched, so that it has logs. For anyone who may see the job: it
     * tells no more than the job's task statuses do.
     */
    boolean launched(String owner, String job, String role, int index, Attempt attempt);

    /**
     * Reads an attempt's log from {@code offset}, or its last {@code tailBytes} when given;
     * empty while the attempt has not been launched. The bytes are the log as the task wrote
     * it, the step frame lines of the task script ({@code ::gantry step …}) included.
     */
    Optional<Chunk> read(String owner, String job, String role, int index, Optional<Attempt> attempt, Stream stream,
                         long offset, Optional<Integer> tailBytes, int limit);

    /** An attempt's steps as they stand now; empty while the attempt has not been launched. */
    Optional<Steps> steps(String owner, String job, String role, int index, Optional<Attempt> attempt);
}
