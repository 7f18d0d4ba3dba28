package org.gantry.runtime.runner;

import static org.gantry.base.shell.Bash.quote;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.LogStream;

/**
 * The runner protocol ({@link RunnerScript}) over a {@link RemoteShell}: prepares an attempt's
 * directory, starts its runner detached, settles interrupted launches, reads how it stands,
 * stops it and reads its logs. Shared by the SSH and Slurm executors; each call is one round
 * trip except {@link #prepare}.
 *
 * <p>Everything it creates is created with umask 077: an attempt's files (its task script holds
 * the job's secrets) are readable by the account that runs the task only
 * (docs/decisions/0010-how-secrets-reach-tasks.md).
 */
public final class RemoteAttempts {

    /** Put before every command that creates files: they are the task account's alone. */
    public static final String PRIVATE = "umask 077 && ";

    private final RemoteShell shell;

    public RemoteAttempts(RemoteShell shell) {
        this.shell = shell;
    }

    public RemoteShell shell() {
        return shell;
    }

    /** How an attempt's directory looks now. */
    public record RunnerStatus(boolean dirExists, boolean alive, OptionalInt exitCode, boolean stopRequested,
                               Optional<String> node, Optional<String> slurmJobId, Optional<String> pidFile) {
    }

    /**
     * Creates the attempt's directory with its private {@code work/} and writes the scripts.
     *
     * @throws ExecutorException when the attempt was claimed already, or the machine refused
     */
    public void prepare(String dir, String taskScript, String runnerScript) throws ExecutorException {
        RemoteShell.ShellResult made = shell.run(PRIVATE + "mkdir -p " + quote(dir + "/" + RunnerScript.WORK_DIR)
                + " && chmod 700 " + quote(dir) + " " + quote(dir + "/" + RunnerScript.WORK_DIR)
                + " && test ! -e " + quote(dir + "/" + RunnerScript.PID_FILE));
        if (!made.ok()) {
            throw ExecutorException.permanent("cannot prepare " + dir + " on " + shell.host() + ": "
                    + (made.message().isEmpty() ? "the attempt was claimed already" : made.message()));
        }
        shell.writeFile(dir + "/" + RunnerScript.TASK_FILE, taskScript, 0600);
        shell.writeFile(dir + "/" + RunnerScript.FILE, runnerScript, 0700);
    }

    /** Starts the runner in a new session, detached from the connection, and returns its claim. */
    public RunnerClaim startDetached(String dir) throws ExecutorException {
        RemoteShell.ShellResult started = shell.run(PRIVATE + "cd " + quote(dir) + " && { setsid nohup bash " + RunnerScript.FILE
                + " </dev/null >runner.log 2>&1 & } && for i in $(seq 200); do [ -s " + RunnerScript.PID_FILE
                + " ] && break; sleep 0.05; done; cat " + RunnerScript.PID_FILE);
        return RunnerClaim.parse(started.stdout()).orElseThrow(() -> ExecutorException.transientFailure(
                "the runner in " + dir + " on " + shell.host() + " did not start: " + started.message(), null));
    }

    /**
     * The fence written whole and then linked to {@code runner.pid}, as the runner writes its
     * claim: a full disk leaves no empty claim behind; one write under {@code set -C} where the
     * file system has no hard links. Succeeds only when this fenced the attempt.
     */
    private static final String FENCE_WHOLE = "{ f=" + RunnerScript.PID_FILE + ".fence.$$; echo " + RunnerScript.FENCE
            + " >$f 2>/dev/null && { ln $f " + RunnerScript.PID_FILE + " 2>/dev/null; r=$?; rm -f $f;"
            + " [ $r = 0 ] || { [ ! -e " + RunnerScript.PID_FILE + " ] && ( set -C; echo " + RunnerScript.FENCE + " >"
            + RunnerScript.PID_FILE + " ) 2>/dev/null; }; } || { rm -f $f; false; }; }";

    /**
     * Fences the attempt unless its runner claimed it: returns the content of {@code runner.pid}
     * as the runner wrote it, or empty when this call (or an earlier one) fenced it. An answer
     * that is neither (a link cut under the command) is a transient failure, never a guess.
     */
    public Optional<String> fenceOrFind(String dir) throws ExecutorException {
        RemoteShell.ShellResult result = shell.runIn(dir, PRIVATE + "mkdir -p " + quote(dir) + " && cd " + quote(dir)
                + " && if " + FENCE_WHOLE + "; then echo " + RunnerScript.FENCE + "; else for i in $(seq 40); do"
                + " [ -s " + RunnerScript.PID_FILE
                + " ] && break; sleep 0.025; done; cat " + RunnerScript.PID_FILE + "; fi");
        if (!result.ok()) {
            throw ExecutorException.transientFailure("cannot settle " + dir + " on " + shell.host() + ": "
                    + result.message(), null);
        }
        String content = result.stdout().trim();
        if (content.equals(RunnerScript.FENCE)) {
            return Optional.empty();
        }
        if (RunnerClaim.parse(content).isEmpty()) {
            // a claim is written whole (RunnerScript), so this answer was cut short on its way: ask again
            throw ExecutorException.transientFailure("cannot settle " + dir + " on " + shell.host()
                    + " yet: its claim read \"" + (content.length() > 40 ? content.substring(0, 40) + "…" : content)
                    + "\", neither a runner's pid nor the fence", null);
        }
        return Optional.of(content);
    }

    /** Reads the attempt's files and, given the runner's claim, whether it is alive. */
    public RunnerStatus status(String dir, Optional<RunnerClaim> claim) throws ExecutorException {
        String d = quote(dir);
        String command = "if [ ! -d " + d + " ]; then echo dir=0; exit 0; fi; echo dir=1; "
                + "echo alive=" + claim.map(c -> "$(" + aliveTest(c) + " && echo 1 || echo 0)").orElse("0") + "; "
                + "echo exit=$(cat " + d + "/" + RunnerScript.EXIT_CODE_FILE + " 2>/dev/null); "
                + "echo stop=$([ -e " + d + "/" + RunnerScript.STOP_FILE + " ] && echo 1 || echo 0); "
                + "echo node=$(cat " + d + "/" + RunnerScript.NODE_FILE + " 2>/dev/null); "
                + "echo slurm=$(cat " + d + "/slurm-job-id 2>/dev/null); "
                + "echo pid=$(cat " + d + "/" + RunnerScript.PID_FILE + " 2>/dev/null)";
        RemoteShell.ShellResult result = shell.runIn(dir, command);
        if (!result.ok()) {
            throw ExecutorException.transientFailure("cannot read " + dir + " on " + shell.host() + ": "
                    + result.message(), null);
        }
        Map<String, String> values = new HashMap<>();
        result.stdout().lines().forEach(line -> {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
        });
        return new RunnerStatus("1".equals(values.get("dir")), "1".equals(values.get("alive")),
                RunnerClaim.parseExitCode(values.get("exit")), "1".equals(values.get("stop")),
                nonBlank(values.get("node")), nonBlank(values.get("slurm")), nonBlank(values.get("pid")));
    }

    /**
     * Marks the attempt stopped, sends SIGTERM to the runner's process group and leaves a
     * detached watchdog on the machine that sends SIGKILL after {@code grace}: the escalation
     * happens even when Gantry is gone by then.
     */
    public void stop(String dir, Optional<RunnerClaim> claim, Duration grace) throws ExecutorException {
        StringBuilder command = new StringBuilder(PRIVATE + "touch " + quote(dir + "/" + RunnerScript.STOP_FILE));
        claim.ifPresent(c -> {
            String kill = "if " + aliveTest(c) + "; then kill -KILL -- -" + c.pid() + "; fi";
            command.append("; if ").append(aliveTest(c)).append("; then kill -TERM -- -").append(c.pid())
                    .append("; setsid nohup bash -c ").append(quote("sleep " + Math.max(0, grace.toSeconds())
                            + "; " + kill)).append(" </dev/null >/dev/null 2>&1 & fi");
        });
        RemoteShell.ShellResult result = shell.runIn(dir, command.toString());
        if (!result.ok()) {
            throw ExecutorException.transientFailure("cannot stop the task in " + dir + " on " + shell.host()
                    + ": " + result.message(), null);
        }
    }

    public LogChunk log(String dir, LogStream stream, long offset, int maxBytes) throws ExecutorException {
        return shell.readFile(dir + "/" + stream.fileName(), offset, maxBytes);
    }

    /** A bash test true while the claimed runner lives: same pid, same start time, not a zombie. */
    static String aliveTest(RunnerClaim claim) {
        return "{ read -r s </proc/" + claim.pid() + "/stat && s=${s##*) } && read -r -a f <<<\"$s\""
                + " && [ \"${f[19]}\" = " + claim.startTime() + " ] && [ \"${f[0]}\" != Z ]; } 2>/dev/null";
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
