package org.gantry.runtime.reconcile;

import java.io.IOException;
import java.io.InputStream;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;

/**
 * The last bytes of one of an attempt's files, read through its executor one chunk at a time,
 * so that telling a transient failure never holds a whole log.
 */
final class ExecutorLogTail extends InputStream {

    private static final int CHUNK = 1 << 20;

    private final Executor executor;
    private final ExecutionHandle handle;
    private final String file;
    private final long end;
    private long offset;
    private byte[] chunk = new byte[0];
    private int position;

    private ExecutorLogTail(Executor executor, ExecutionHandle handle, String file, long end, long maxBytes) {
        this.executor = executor;
        this.handle = handle;
        this.file = file;
        this.end = end;
        this.offset = Math.max(0, end - maxBytes);
    }

    /** The tail of {@code file}, at most {@code maxBytes}; its size is read now. */
    static ExecutorLogTail open(Executor executor, ExecutionHandle handle, String file, long maxBytes)
            throws IOException {
        try {
            long size = executor.read(handle, file, 0, 0).size();
            return new ExecutorLogTail(executor, handle, file, size, maxBytes);
        } catch (ExecutorException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Whether the tail starts inside the file (and so inside a line). */
    boolean partial() {
        return offset > 0;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (position >= chunk.length) {
            if (offset >= end) {
                return -1;
            }
            LogChunk next;
            try {
                next = executor.read(handle, file, offset, (int) Math.min(CHUNK, end - offset));
            } catch (ExecutorException e) {
                throw new IOException(e.getMessage(), e);
            }
            if (next.data().length == 0) {
                return -1;
            }
            chunk = next.data();
            position = 0;
            offset = next.nextOffset();
        }
        int n = Math.min(len, chunk.length - position);
        System.arraycopy(chunk, position, into, off, n);
        position += n;
        return n;
    }
}
