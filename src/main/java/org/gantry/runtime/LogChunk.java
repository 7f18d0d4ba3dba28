package org.gantry.runtime;

/**
 * A slice of a task's log.
 *
 * @param data       the bytes read; the caller owns the array
 * @param nextOffset where the next read continues: {@code offset + data.length}
 * @param size       the log's size when it was read; more may follow while the task runs
 */
public record LogChunk(byte[] data, long nextOffset, long size) {

    public static LogChunk empty(long offset) {
        return new LogChunk(new byte[0], offset, offset);
    }
}
