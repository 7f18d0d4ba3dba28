package org.gantry.runtime;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.gantry.terminal.TaskShellTarget;

/**
 * Runs task attempts somewhere: on Gantry's host, on an SSH host, or through Slurm.
 *
 * <p>Contract, for every adapter:
 * <ul>
 *   <li><b>Stateless handles.</b> {@link #submit} returns an {@link ExecutionHandle} that the
 *       caller persists at once; every other method accepts a handle created by an earlier
 *       Gantry process, which is how tasks are followed across restarts. Adapters may cache
 *       connections but never depend on in-memory state to find an attempt.</li>
 *   <li><b>At most once.</b> An attempt started by {@link #submit} runs its script at most
 *       once. The attempt's runner claims the attempt's directory before it runs anything;
 *       {@link #reattach} either finds that claim or takes it first (a fence), so a launch
 *       interrupted by a crash is either followed or provably never runs. See
 *       docs/decisions/0005-reconciler.md.</li>
 *   <li><b>Threads.</b> Methods may be called from any thread, concurrently for different
 *       attempts; calls for the same attempt come from one reconciler pass at a time. Each
 *       call may block on I/O (an SSH round trip, {@code sbatch}) but never waits for a task
 *       to end.</li>
 *   <li><b>Failures.</b> An {@link ExecutorException} means the executor could not answer
 *       now (host unreachable, {@code sbatch} refused): the caller keeps its state and asks
 *       again later, or fails the attempt with the exception's message when it is permanent.
 *       A task that ran and failed is not an exception but an observation.</li>
 * </ul>
 */
public interface Executor {

    /**
     * The kind of the executor on Gantry's own host: virtual clusters use it unless they name
     * another, and admission starts a job's tasks on it together against {@code gantry.runtime.local.capacity}.
     */
    String LOCAL = "local";

    /** {@code local}, {@code ssh} or {@code slurm}; stored in {@link ExecutionHandle#executor()}. */
    String kind();

    /**
     * Where a user's tasks would run on a target, before any is launched.
     *
     * @throws ExecutorException when the target is unknown or cannot run the user's tasks
     */
    Placement placement(String target, String user) throws ExecutorException;

    /**
     * The resources of the target's largest node that is up: a task needing more can never be
     * placed there now. Empty when unknown; then nothing is refused for want of capacity.
     *
     * @throws ExecutorException when the target cannot be asked now
     */
    default Optional<Resources> largestNode(String target) throws ExecutorException {
        return Optional.empty();
    }

    /**
     * The machines a virtual cluster's target spreads its tasks over, in the order admission
     * fills them, when admission places each task on one of them (SSH hosts; decision 0094):
     * each task's attempt then records the machine's own target. Empty (the default) when the
     * target takes a job's tasks as a whole (Gantry's host, a Slurm partition).
     */
    default Optional<List<TargetHost>> hosts(String target) {
        return Optional.empty();
    }

    /**
     * The machines this executor runs tasks on, for administrators' node list: {@code targets}
     * are the executor targets virtual clusters name. A target that cannot be asked now is
     * left out. Gantry's own host is not among them (the runtime lists it itself).
     */
    default List<ClusterInventory.Node> nodes(Collection<String> targets) {
        return List.of();
    }

    /**
     * Where a shell into a running attempt opens: the attempt's machine, the account the task
     * runs as there, and how to reach it from Gantry's host.
     *
     * @throws ExecutorException        when the task's account cannot be told now
     * @throws IllegalArgumentException when the attempt's machine is no longer registered
     */
    TaskShellTarget shell(ExecutionHandle handle, AttemptShell shell) throws ExecutorException;

    /**
     * Starts an attempt and returns as soon as the executor has accepted it (the process was
     * spawned, the Slurm job was queued). The task's stdout and stderr are kept with the attempt.
     *
     * @param target the virtual cluster's executor target (empty for local)
     * @throws ExecutorException when the attempt could not be started; nothing of it runs then
     */
    ExecutionHandle submit(String target, TaskLaunch launch) throws ExecutorException;

    /**
     * The node an attempt submitted a moment ago runs on, when it runs from the moment
     * {@link #submit} returned (a process started on this host); empty when it may wait first
     * (a Slurm queue). The launch then records the attempt running in the same commit as its
     * handle.
     */
    default Optional<String> runsAtOnceOn(ExecutionHandle handle) {
        return Optional.empty();
    }

    /**
     * Settles an attempt whose launch may have been interrupted (Gantry died after claiming it
     * and before persisting its handle): returns the handle when the attempt was started, or
     * fences the attempt so that it can never start and returns {@link Reattachment#neverStarted()}.
     */
    Reattachment reattach(String target, AttemptRef ref) throws ExecutorException;

    /** Where the attempt stands now. Never blocks until the task ends. */
    TaskObservation observe(ExecutionHandle handle) throws ExecutorException;

    /**
     * Asks the attempt to end: SIGTERM to its whole process group (or {@code scancel}) now,
     * SIGKILL to whatever remains after {@code grace}. Returns at once; harmless on an attempt
     * that already ended and when called again. Later observations report
     * {@link TaskObservation.Phase#STOPPED}.
     */
    void stop(ExecutionHandle handle, Duration grace) throws ExecutorException;

    /**
     * Reads up to {@code maxBytes} of the attempt's stdout or stderr from byte {@code offset};
     * call again from {@link LogChunk#nextOffset()} for a live tail. A log not written yet reads
     * as empty.
     */
    default LogChunk logs(ExecutionHandle handle, LogStream stream, long offset, int maxBytes)
            throws ExecutorException {
        return read(handle, stream.fileName(), offset, maxBytes);
    }

    /**
     * Reads a file of the attempt's directory, like {@link #logs}: {@code relativePath} is
     * relative to that directory ({@code work/.gantry/steps.tsv} for the task's step results)
     * and may not leave it. A missing file reads as empty.
     */
    LogChunk read(ExecutionHandle handle, String relativePath, long offset, int maxBytes) throws ExecutorException;

    /**
     * What an attempt that reached a final phase used (peak memory, CPU time), as far as this
     * executor can measure it; called before {@link #release}. By default the CPU time the
     * runner recorded ({@link MeasuredUse#CPU_TIMES_FILE}) and no memory figure.
     */
    default MeasuredUse measured(ExecutionHandle handle) throws ExecutorException {
        return MeasuredUse.NONE.withCpuTimeMs(MeasuredUse.cpuMillisFromRunner(this, handle));
    }

    /**
     * Frees what the executor holds for an attempt that reached a final phase (a memory cgroup,
     * say). Logs and the working directory stay. Harmless when called again.
     */
    default void release(ExecutionHandle handle) throws ExecutorException {
    }

    /**
     * Asked before tasks are launched onto the target: throws a transient (usually
     * {@link ExecutorException#unreachable}) failure when a launch could only fail now, so that
     * the tasks wait instead of spending their launches. Must answer quickly; by default the
     * target is taken as available and a launch tells.
     */
    default void checkAvailable(String target) throws ExecutorException {
    }

    /**
     * Registers a callback run when an attempt may have changed (a local task's process ended),
     * so that it is observed at once rather than at the next periodic pass. Called from any
     * thread; the callback must return quickly. Executors without such news ignore it.
     */
    default void onChange(Runnable callback) {
    }

    /**
     * True when {@link #onChange} callbacks come for every attempt this executor started that
     * ends (its process exited): a launch known to run then needs no pass until that news.
     */
    default boolean reportsEnds() {
        return false;
    }
}
