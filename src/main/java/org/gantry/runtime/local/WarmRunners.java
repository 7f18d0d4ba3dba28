package org.gantry.runtime.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.runner.RunnerClaim;
import org.gantry.runtime.runner.RunnerScript;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runners started ahead of need, so that a task does not wait for one to start: each is
 * {@code setsid bash} in a session of its own that has already joined a memory cgroup of its
 * own (the cgroup join alone costs this kernel milliseconds) and waits on its stdin for an
 * attempt's directory. Handed one, it sends its output to the attempt's {@code runner.log},
 * changes into the directory and runs its {@code runner.sh} in the same process: the claim
 * it writes ({@code runner.pid}) names the process Gantry started, and its cgroup is renamed
 * to the attempt's before the hand-over ({@link MemoryLimits#prepare(String, int, Optional)}).
 * A waiting runner reads end-of-file and exits when Gantry goes away, so none outlives it idle.
 *
 * <p>A waiting runner runs as Gantry's own user and belongs to no task account: the
 * {@code runner.sh} handed to it switches to the attempt's account for the task alone, and a
 * runner serves one attempt only, so no user's task ever runs in a runner another user's task
 * had (docs/decisions/0010-how-secrets-reach-tasks.md).
 */
final class WarmRunners implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WarmRunners.class);
    /** Cgroups of waiting runners are named {@code warm-…}; attempts' are {@code task-…}. */
    static final String GROUP_PREFIX = "warm-";
    private static final String READY = "ready";

    /** A started runner that waits for an attempt; {@code cgroup} names the cgroup it joined. */
    record Warm(Process process, RunnerClaim claim, Optional<String> cgroup) {
    }

    private final int size;
    private final Path workDir;
    private final MemoryLimits memory;
    private final BlockingQueue<Warm> ready = new LinkedBlockingQueue<>();
    private final ExecutorService starter = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "local-warm-runners");
        thread.setDaemon(true);
        return thread;
    });
    private final String groupPrefix = GROUP_PREFIX + Long.toHexString(System.nanoTime() & 0xffffffL) + "-";
    private final AtomicLong started = new AtomicLong();
    private volatile boolean closed;

    /**
     * @param size    how many runners wait at a time; 0 turns this off
     * @param workDir where waiting runners are started (the tasks directory)
     */
    WarmRunners(int size, Path workDir, MemoryLimits memory) {
        this.size = Math.max(0, size);
        this.workDir = workDir;
        this.memory = memory;
        if (this.size > 0) {
            refill();
        }
    }

    /**
     * A waiting runner, when one is ready. Another takes its place once it ended: a runner
     * joining its cgroup holds up every fork on the machine for that grace period, so it is not
     * started while a task is starting (at once only when none was left).
     */
    Optional<Warm> take() {
        if (size == 0) {
            return Optional.empty();
        }
        Warm warm;
        while ((warm = ready.poll()) != null) {
            if (warm.process().isAlive()) {
                warm.process().onExit().thenRun(this::refill);
                return Optional.of(warm);
            }
            warm.cgroup().ifPresent(memory::remove);
        }
        refill();
        return Optional.empty();
    }

    /**
     * Hands an attempt's directory (with its {@code runner.sh} written) to a runner taken from
     * this pool. An IOException means the runner is gone and the attempt did not start.
     */
    static void handOver(Warm warm, Path attemptDir) throws IOException {
        String dir = attemptDir.toString();
        if (dir.indexOf('\n') >= 0) {
            throw new IOException("an attempt directory with a line break cannot be handed over: " + dir);
        }
        try (OutputStream stdin = warm.process().getOutputStream()) {
            stdin.write((dir + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Lets a taken runner go without an attempt: it reads end-of-file and exits. */
    static void discard(Warm warm) {
        try {
            warm.process().getOutputStream().close();
        } catch (IOException e) {
            warm.process().destroy();
        }
    }

    private void refill() {
        if (!closed) {
            try {
                starter.execute(this::fill);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closed meanwhile
            }
        }
    }

    private void fill() {
        while (!closed && ready.size() < size) {
            try {
                ready.add(start());
            } catch (IOException | RuntimeException e) {
                log.warn("Cannot start a runner ahead of need; tasks start their own: {}", e.toString());
                return;
            }
        }
    }

    private Warm start() throws IOException {
        String group = groupPrefix + started.incrementAndGet();
        Optional<Path> procs = memory.warmGroup(group);
        String script = "umask 077\n"
                + procs.map(p -> "echo $$ >" + Bash.quote(p.toString()) + " || exit 1\n").orElse("")
                + "echo " + READY + "\n"
                + "IFS= read -r gantry_attempt_dir || exit 0\n"
                + "exec </dev/null >>\"$gantry_attempt_dir/runner.log\" 2>&1\n"
                + "cd -- \"$gantry_attempt_dir\" || exit 1\n"
                + "unset gantry_attempt_dir\n"
                + ". ./" + RunnerScript.FILE + "\n";
        // $0 without a slash: runner.sh stays in the directory it is run in
        Process process = LocalExecutor.runnerProcess(List.of("setsid", "bash", "-c", script, "gantry-runner"),
                workDir, ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = out.readLine();
            if (!READY.equals(line)) {
                throw new IOException("a runner started ahead of need did not get ready (" + line + ")");
            }
            process.getInputStream().close();
            long pid = process.pid();
            RunnerClaim claim = new RunnerClaim(pid, LocalProcesses.startTime(pid)
                    .orElseThrow(() -> new IOException("a runner started ahead of need ended")));
            return new Warm(process, claim, procs.map(p -> group));
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            procs.ifPresent(p -> memory.remove(group));
            throw e;
        }
    }

    /** The pids of the runners waiting now. */
    List<Long> waitingPids() {
        return ready.stream().map(w -> w.process().pid()).toList();
    }

    /** Lets the waiting runners go; taken ones run on. */
    @Override
    public void close() {
        closed = true;
        starter.shutdownNow();
        Warm warm;
        while ((warm = ready.poll()) != null) {
            discard(warm);
            warm.cgroup().ifPresent(memory::remove);
        }
    }
}
