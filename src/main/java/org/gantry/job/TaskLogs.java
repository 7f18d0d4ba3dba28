package org.gantry.job;

import java.util.Optional;

/**
 * A task attempt's output as the job views read it; the runtime implements it. The job
 * feature owns the interface so that its views need not depend on the runtime.
 */
public interface TaskLogs {

    enum Stream { STDOUT, STDERR }

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
     * Reads the latest attempt of task {@code role[index]} of job {@code owner~job} from
     * {@code offset}, or its last {@code tailBytes} when given; empty while the task has not
     * been launched. Called on a request thread with the viewer's security context: it
     * throws {@code AccessDeniedException} for viewers who may not read the logs.
     */
    Optional<Chunk> read(String owner, String job, String role, int index, Stream stream, long offset,
                         Optional<Integer> tailBytes, int limit);
}
