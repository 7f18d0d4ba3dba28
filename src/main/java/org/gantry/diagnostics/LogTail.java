package org.gantry.diagnostics;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.gantry.job.TaskLogs;

/**
 * The last {@code maxBytes} of a task attempt's log as a stream, read from its executor one
 * chunk at a time, so a diagnosis never holds a whole log.
 */
final class LogTail extends InputStream {

    static final int CHUNK = 1 << 20;

    private final TaskLogs logs;
    private final String owner;
    private final String job;
    private final String role;
    private final int index;
    private final Optional<TaskLogs.Attempt> attempt;
    private final TaskLogs.Stream stream;
    private long offset;
    private long end = -1;
    private byte[] chunk = new byte[0];
    private int position;
    private boolean cutLine;

    LogTail(TaskLogs logs, String owner, String job, String role, int index, TaskLogs.Attempt attempt,
            TaskLogs.Stream stream, long maxBytes) {
        this.logs = logs;
        this.owner = owner;
        this.job = job;
        this.role = role;
        this.index = index;
        this.attempt = Optional.of(attempt);
        this.stream = stream;
        Optional<TaskLogs.Chunk> size = logs.read(owner, job, role, index, this.attempt, stream, 0, Optional.empty(), 0);
        this.end = size.map(TaskLogs.Chunk::size).orElse(0L);
        this.offset = Math.max(0, end - maxBytes);
        this.cutLine = offset > 0;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        while (position >= chunk.length) {
            if (offset >= end) {
                return -1;
            }
            Optional<TaskLogs.Chunk> next = logs.read(owner, job, role, index, attempt, stream, offset,
                    Optional.empty(), (int) Math.min(CHUNK, end - offset));
            if (next.isEmpty() || next.get().data().length == 0) {
                return -1;
            }
            chunk = next.get().data();
            position = 0;
            offset = next.get().nextOffset();
            if (cutLine) {
                // a tail that starts inside the log starts inside a line: drop it
                while (position < chunk.length && chunk[position] != '\n') {
                    position++;
                }
                if (position < chunk.length) {
                    position++;
                    cutLine = false;
                }
            }
        }
        int n = Math.min(len, chunk.length - position);
        System.arraycopy(chunk, position, into, off, n);
        position += n;
        return n;
    }
}
