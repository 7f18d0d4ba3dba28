package org.gantry.runtime.slurm;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.runner.RemoteShell.ShellResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the slurmctld of each site (this host's cluster, or a login node's) answers, as a
 * cheap probe tells: {@code scontrol ping} connects once and says UP or DOWN at once, where
 * {@code squeue} and {@code sinfo} retry for the cluster's MessageTimeout (10 s by default) and
 * {@code scontrol show job} and {@code sbatch} for about twice that before they give up
 * (decision 0095). A site's controller is probed before a Slurm command when nothing was heard from it
 * for {@link #FRESH}: about once per reconciler pass, and never per command while commands keep
 * answering. While it does not answer, commands fail at once as unreachable, one probe per
 * {@link #WATCH} tells when it is back, and a watcher probes every {@link #WATCH} and runs the
 * listeners as soon as it answers again. Thread-safe; callers of one site share one probe.
 */
final class SlurmControllers {

    private static final Logger log = LoggerFactory.getLogger(SlurmControllers.class);
    /** How long a controller's last word (an answer, or none) stands before it is asked again. */
    static final Duration FRESH = Duration.ofSeconds(1);
    /** How often a controller that does not answer is probed to wake the runtime when it is back. */
    static final Duration WATCH = Duration.ofMillis(500);
    static final String PING = "scontrol ping";

    private enum Answer { UP, DOWN, UNKNOWN }

    /** What is known of one site's controller; guarded by itself. */
    private static final class State {
        boolean down;
        long heardAt = System.nanoTime() - FRESH.toNanos();  // nothing heard yet: probe first
        String why = "";
        boolean watched;
    }

    private final Map<String, State> states = new ConcurrentHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /**
     * Runs {@code callback} whenever a site's controller answers again, on the thread that heard
     * it (the watcher's, or a caller's); it must return quickly.
     */
    void onBack(Runnable callback) {
        listeners.add(callback);
    }

    /**
     * Returns when the site's controller answered within {@link #FRESH} or answers a probe now;
     * otherwise throws {@link ExecutorException#unreachable} at once, without running any command
     * that would wait out the Slurm client's own retries. A controller found down is probed again
     * after {@link #WATCH}, so a caller learns of its return as soon as the watcher would.
     */
    void check(String site, RemoteShell shell) throws ExecutorException {
        State state = states.computeIfAbsent(site, s -> new State());
        boolean back;
        synchronized (state) {
            if (System.nanoTime() - state.heardAt < (state.down ? WATCH : FRESH).toNanos()) {
                if (state.down) {
                    throw unreachable(state);
                }
                return;
            }
            Answer answer = probe(shell);
            state.heardAt = System.nanoTime();
            if (answer == Answer.DOWN) {
                markDown(site, state, PING + " says DOWN", shell);
                throw unreachable(state);
            }
            // UNKNOWN (no scontrol, a broken configuration): the command itself tells what is wrong
            back = state.down;
            state.down = false;
        }
        if (back) {
            back(site);
        }
    }

    /** A Slurm command got an answer from the controller (whatever it said). */
    void answered(String site) {
        State state = states.computeIfAbsent(site, s -> new State());
        boolean back;
        synchronized (state) {
            back = state.down;
            state.down = false;
            state.heardAt = System.nanoTime();
        }
        if (back) {
            back(site);
        }
    }

    /** A Slurm command reported that it could not contact the controller. */
    void unreachable(String site, String why, RemoteShell shell) {
        State state = states.computeIfAbsent(site, s -> new State());
        synchronized (state) {
            state.heardAt = System.nanoTime();
            markDown(site, state, why, shell);
        }
    }

    private void markDown(String site, State state, String why, RemoteShell shell) {
        if (!state.down) {
            log.warn("The Slurm controller of {} does not answer: {}", describe(site), why);
        }
        state.down = true;
        state.why = why;
        if (!state.watched) {
            state.watched = true;
            Thread watcher = new Thread(() -> watch(site, state, shell), "slurmctld-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
    }

    /** Probes a controller that does not answer until it does, then runs the listeners. */
    private void watch(String site, State state, RemoteShell shell) {
        while (true) {
            try {
                Thread.sleep(WATCH.toMillis());
            } catch (InterruptedException e) {
                synchronized (state) {
                    state.watched = false;
                }
                return;
            }
            Answer answer;
            try {
                answer = probe(shell);
            } catch (ExecutorException e) {
                answer = Answer.DOWN;  // the login node itself is out of reach: keep watching
            }
            synchronized (state) {
                if (!state.down) {
                    state.watched = false;  // a command heard it first, and told the listeners
                    return;
                }
                if (answer == Answer.DOWN) {
                    continue;
                }
                state.down = false;
                state.watched = false;
                state.heardAt = System.nanoTime();
            }
            back(site);
            return;
        }
    }

    private void back(String site) {
        log.warn("The Slurm controller of {} answers again", describe(site));
        listeners.forEach(Runnable::run);
    }

    private static Answer probe(RemoteShell shell) throws ExecutorException {
        ShellResult ping = shell.run(PING);
        // "Slurmctld(primary) at HOST is UP"; with a backup controller one line each, either may serve
        if (ping.stdout().contains(" is UP")) {
            return Answer.UP;
        }
        return ping.stdout().contains(" is DOWN") ? Answer.DOWN : Answer.UNKNOWN;
    }

    private static ExecutorException unreachable(State state) {
        return ExecutorException.unreachable("slurmctld does not answer: " + state.why, null);
    }

    private static String describe(String site) {
        return site.isEmpty() ? "this host's cluster" : "login node " + site;
    }
}
