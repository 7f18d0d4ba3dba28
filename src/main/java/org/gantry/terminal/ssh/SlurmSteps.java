package org.gantry.terminal.ssh;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gantry.base.shell.Bash;
import org.gantry.terminal.LocalShells;
import org.gantry.terminal.ShellUnavailableException;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TaskShellTarget;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The ports of a task in a Slurm allocation, reached the way shells reach it: a step of its own
 * job ({@code srun --jobid=<id> --overlap}), started here as the allocation's owner or on the
 * login node over the onward SSH connection. One step lists the listening sockets of the job's
 * processes ({@link OnwardPorts#SLURM_SCRIPT}); one step per connection carries bytes between its
 * standard input and output and {@code 127.0.0.1:port} on the node, with bash's {@code /dev/tcp}
 * ({@link #BRIDGE}). See docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md.
 */
@Component
class SlurmSteps implements DisposableBean {

    private static final Duration SCAN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);
    /** The bridge's first line once it is connected; bytes of the task's port follow. */
    private static final String CONNECTED = "gantry-connected";
    private static final int MESSAGE_LIMIT = 4096;

    /**
     * Connects to {@code 127.0.0.1:$1} on the node, says so on one line, then copies standard
     * input to the socket and the socket to standard output until the task's server ends the
     * connection. Needs nothing on the node but bash and coreutils.
     */
    static final String BRIDGE = """
            exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
            echo %s
            cat <&0 >&3 &
            cat <&3
            kill $! 2>/dev/null
            exit 0
            """.formatted(CONNECTED);

    private final LocalShells localShells;
    private final OnwardSsh onward;
    private final ExecutorService readers = Executors.newCachedThreadPool(named("gantry-slurm-step-"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(named("gantry-slurm-timer-"));

    SlurmSteps(LocalShells localShells, OnwardSsh onward) {
        this.localShells = localShells;
        this.onward = onward;
    }

    /**
     * What {@link OnwardPorts#SLURM_SCRIPT} prints in the task's allocation.
     *
     * @throws IOException when the step cannot start or fails; the message says why
     */
    String scan(TaskShellTarget.Slurm target) throws IOException {
        List<String> program = List.of("bash", "-c", OnwardPorts.SLURM_SCRIPT, "gantry-ports");
        if (target.loginNode().isPresent()) {
            try {
                return onward.shared(target.loginNode().get()).executeRemoteCommand(
                        Bash.join(LocalShells.srunStep(target, program)), OutputStream.nullOutputStream(),
                        StandardCharsets.UTF_8, SCAN_TIMEOUT);
            } catch (ShellUnavailableException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        TaskShell step = start(target, program);
        try {
            Future<byte[]> errors = readers.submit(() -> limited(step.errorOutput().orElseThrow()));
            Future<byte[]> output = readers.submit(() -> step.output().readAllBytes());
            step.input().close();
            String printed = new String(output.get(SCAN_TIMEOUT.toSeconds(), TimeUnit.SECONDS), StandardCharsets.UTF_8);
            int status = step.waitFor();
            if (status != 0) {
                throw new IOException("srun into Slurm job " + target.slurmJobId() + " failed (" + status + "): "
                        + new String(errors.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8).strip());
            }
            return printed;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while reading the ports of Slurm job " + target.slurmJobId(), e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("Cannot read the ports of Slurm job " + target.slurmJobId() + ": " + e, e);
        } finally {
            step.close();
        }
    }

    /**
     * A connection to {@code 127.0.0.1:port} on the task's node through a bridge step; returns once the
     * bridge has connected. The caller has admitted the port.
     */
    TaskHostPorts.Connection connect(TaskShellTarget.Slurm target, int port) throws IOException {
        TaskShell step = start(target, List.of("bash", "-c", BRIDGE, "gantry-bridge", Integer.toString(port)));
        Future<byte[]> errors = readers.submit(() -> limited(step.errorOutput().orElseThrow()));
        StepConnection connection = new StepConnection(step);
        connection.readTimeout(OPEN_TIMEOUT);
        try {
            String first = line(connection.input());
            if (!first.equals(CONNECTED)) {
                step.close();
                String why = errors.get(5, TimeUnit.SECONDS).length == 0 ? first
                        : new String(errors.get(), StandardCharsets.UTF_8).strip();
                throw new IOException("The task's node did not connect to its port " + port
                        + (why.isEmpty() ? "" : ": " + why));
            }
        } catch (IOException e) {
            step.close();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            step.close();
            throw new IOException("Interrupted while connecting to port " + port, e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            step.close();
            throw new IOException("The task's node did not connect to its port " + port, e);
        }
        connection.readTimeout(Duration.ZERO);
        return connection;
    }

    private TaskShell start(TaskShellTarget.Slurm target, List<String> program) throws IOException {
        if (target.loginNode().isPresent()) {
            return onward.exec(target.loginNode().get(), LocalShells.srunStep(target, program));
        }
        return localShells.step(target, program);
    }

    /** One line, byte by byte: what follows it belongs to the task's port. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            if (line.size() < MESSAGE_LIMIT) {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    /** The first few KB of a step's standard error, for messages; the rest is read and dropped. */
    private static byte[] limited(InputStream errors) throws IOException {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        byte[] chunk = new byte[1024];
        for (int n = errors.read(chunk); n >= 0; n = errors.read(chunk)) {
            kept.write(chunk, 0, Math.min(n, Math.max(0, MESSAGE_LIMIT - kept.size())));
        }
        return kept.toByteArray();
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void destroy() {
        readers.shutdownNow();
        timer.shutdownNow();
    }

    /** A bridge step as a connection: its output is the port's answer, its input what goes to the port. */
    private final class StepConnection implements TaskHostPorts.Connection {

        private final TaskShell step;
        private final TimedInput input;

        StepConnection(TaskShell step) {
            this.step = step;
            this.input = new TimedInput(step);
        }

        @Override
        public InputStream input() {
            return input;
        }

        @Override
        public OutputStream output() {
            return step.input();
        }

        @Override
        public void readTimeout(Duration timeout) {
            input.timeoutMillis = timeout.toMillis();
        }

        @Override
        public void close() {
            step.close();
        }
    }

    /** A pipe has no read timeout of its own: a read that waits too long ends the step and fails. */
    private final class TimedInput extends FilterInputStream {

        private final TaskShell step;
        private volatile long timeoutMillis;

        TimedInput(TaskShell step) {
            super(step.output());
            this.step = step;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            long timeout = timeoutMillis;
            if (timeout <= 0) {
                return super.read(buffer, offset, length);
            }
            AtomicBoolean expired = new AtomicBoolean();
            ScheduledFuture<?> alarm = timer.schedule(() -> {
                expired.set(true);
                step.close();
            }, timeout, TimeUnit.MILLISECONDS);
            try {
                int n = super.read(buffer, offset, length);
                if (expired.get()) {
                    throw new SocketTimeoutException("Nothing came from the task's port for " + timeout + " ms");
                }
                return n;
            } catch (IOException e) {
                if (expired.get()) {
                    throw new SocketTimeoutException("Nothing came from the task's port for " + timeout + " ms");
                }
                throw e;
            } finally {
                alarm.cancel(false);
            }
        }
    }
}
