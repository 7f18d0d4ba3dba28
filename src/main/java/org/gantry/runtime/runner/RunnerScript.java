package org.gantry.runtime.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.MeasuredUse;

/**
 * The small bash program that every executor starts in an attempt's directory instead of the
 * task script itself. It gives all executors one protocol (docs/decisions/0005-reconciler.md):
 * <ol>
 *   <li>claim the attempt by creating {@code runner.pid} exclusively and whole ("pid starttime",
 *       the runner's first lines); when the file exists (a restarted Gantry fenced the attempt, or it
 *       was started twice) it exits 75 without running anything;</li>
 *   <li>record the host in {@code node} (and {@code slurm-job-id} under Slurm);</li>
 *   <li>optionally join a memory cgroup, then run {@code task.sh} with bash in {@code work/},
 *       stdout and stderr into {@code stdout.log} and {@code stderr.log}, through an optional
 *       command prefix (account switch, {@code prlimit});</li>
 *   <li>with a log limit, pass each stream through a small filter that keeps its first
 *       {@code limit} bytes, then writes {@link #TRUNCATED_MARKER} and discards the rest (the task
 *       never blocks or gets SIGPIPE; the filters ignore SIGTERM so that a stopping task's last
 *       words are kept), and after the task wait up to 2 s for the filters to end;</li>
 *   <li>outlive SIGTERM sent to the process group, keep the task's CPU time in {@code cpu-times}
 *       (bash's {@code times}), and write the task's exit status to
 *       {@code exit-code} when it ends (in one write, before the runner exits: an executor
 *       that finds the file empty finds the runner alive and looks again). On a full disk the
 *       write is tried again every second until it succeeds, so a task that ends while the
 *       disk is full is recorded when space returns.</li>
 * </ol>
 * SIGKILL of the group kills the runner too; then no {@code exit-code} is written and the
 * executor reports how it knows the attempt ended (stop requested, memory kill, vanished).
 */
public final class RunnerScript {

    public static final String FILE = "runner.sh";
    public static final String TASK_FILE = "task.sh";
    public static final String WORK_DIR = "work";
    public static final String PID_FILE = "runner.pid";
    public static final String EXIT_CODE_FILE = "exit-code";
    public static final String NODE_FILE = "node";
    public static final String STOP_FILE = "stop-requested";
    public static final String FENCE = "fenced";
    /** The runner's exit status when the attempt was already claimed. */
    public static final int FENCED_EXIT = 75;
    /** The line a log limit leaves at the end of a cut log (after a newline); the limit follows it. */
    public static final String TRUNCATED_MARKER = "[gantry: log truncated at";

    private long logLimit;

    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> prefix = new ArrayList<>();
    private Optional<String> cgroupProcsFile = Optional.empty();

    /** Variables exported to the task, in order; later puts of the same name win. */
    public RunnerScript env(Map<String, String> values) {
        env.putAll(values);
        return this;
    }

    /** Words put before {@code bash task.sh}: {@code setpriv …}, {@code prlimit …}. */
    public RunnerScript prefix(List<String> words) {
        prefix.addAll(words);
        return this;
    }

    /** A cgroup's {@code cgroup.procs} file the runner moves itself into before starting the task. */
    public RunnerScript cgroup(String procsFile) {
        cgroupProcsFile = Optional.of(procsFile);
        return this;
    }

    /** Keeps at most this many bytes of each of stdout and stderr, then the marker; 0 keeps everything. */
    public RunnerScript logLimit(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative log limit " + bytes);
        }
        logLimit = bytes;
        return this;
    }

    public String render() {
        StringBuilder s = new StringBuilder();
        s.append("#!/usr/bin/env bash\n")
                .append("# Gantry task runner: claims this attempt, runs task.sh once in work/, records its end.\n")
                .append("case $0 in */*) cd -- \"${0%/*}\" || exit 1 ;; esac\n")
                .append("umask 077\n")
                .append("read -r gantry_stat </proc/$$/stat\n")
                .append("gantry_stat=${gantry_stat##*) }\n")
                .append("read -r -a gantry_fields <<<\"$gantry_stat\"\n")
                .append(CLAIM)
                .append("echo \"$HOSTNAME\" >").append(NODE_FILE).append('\n')
                .append("if [[ -n ${SLURM_JOB_ID:-} ]]; then echo \"$SLURM_JOB_ID\" >slurm-job-id; fi\n");
        cgroupProcsFile.ifPresent(procs -> s.append("echo $$ >").append(Bash.quote(procs))
                .append(" || echo 'gantry: could not join the memory cgroup' >>stderr.log\n"));
        env.forEach((name, value) -> s.append("export ").append(name).append('=')
                .append(Bash.quote(value)).append('\n'));
        s.append("gantry_interrupted=0\n")
                .append("trap 'gantry_interrupted=1' TERM INT HUP\n")
                .append("cd ").append(WORK_DIR).append(" || { echo 126 >").append(EXIT_CODE_FILE)
                .append("; exit 126; }\n")
                .append("export PAI_WORK_DIR=\"$PWD\" GANTRY_WORK_DIR=\"$PWD\"\n")
                                .append(logLimit > 0 ? limitedOutput(logLimit) : "")
                .append(prefix.isEmpty() ? "" : Bash.join(prefix) + " ")
                .append("bash ../").append(TASK_FILE)
                .append(logLimit > 0 ? " </dev/null >&3 2>&4 3>&- 4>&- 5<&- &\n" : " </dev/null >../stdout.log 2>../stderr.log &\n")
                .append("gantry_child=$!\n")
                .append(logLimit > 0 ? "exec 3>&- 4>&-\n" : "")
                .append(WAIT_LOOP)
                .append(logLimit > 0 ? DRAIN : "")
                // bash's own accounting of the task's processes (a builtin: no fork), for usage
                .append("times >../").append(MeasuredUse.CPU_TIMES_FILE).append(" 2>/dev/null\n")
                // one short write while the runner still lives: readers take an empty file for "not yet";
                // on a full disk the write fails (the file may stay empty) and is tried again, for as
                // long as the attempt's directory is there
                .append("until { echo \"$gantry_rc\" >../").append(EXIT_CODE_FILE)
                .append("; } 2>/dev/null || [[ ! -e ../").append(PID_FILE).append(" ]]; do sleep 1; done\n")
                .append("exit 0\n");
        return s.toString();
    }

    /**
     * Claims the attempt: the claim is written whole to a file of the runner's own and then
     * linked to {@code runner.pid} (a hard link is made atomically and only where no file is), so
     * that {@code runner.pid} is never seen empty or half-written. On a full disk the write is
     * tried again every second until it succeeds or a fence appears. A file system without hard
     * links gets the exclusive create of one write instead.
     */
    private static final String CLAIM = """
            gantry_claim="$$ ${gantry_fields[19]}"
            until { echo "$gantry_claim" >%1$s.$$; } 2>/dev/null; do
              rm -f %1$s.$$
              [[ -e %1$s ]] && exit %2$d
              sleep 1
            done
            if ! ln %1$s.$$ %1$s 2>/dev/null; then
              rm -f %1$s.$$
              [[ -e %1$s ]] && exit %2$d
              set -C
              { echo "$gantry_claim" >%1$s; } 2>/dev/null || exit %2$d
              set +C
            fi
            rm -f %1$s.$$
            """.formatted(PID_FILE, FENCED_EXIT);

    /**
     * The filters on fds 3 (stdout) and 4 (stderr): {@code head -c} reads no more than it writes
     * from a pipe, so one more byte read tells whether anything was cut.
     */
    private static String limitedOutput(long limit) {
        return "gantry_limit() {\n"
                + "  trap '' TERM INT HUP\n"
                // head writes through stdio: unbuffered, or a slow task's lines wait for 4 KiB
                + "  if command -v stdbuf >/dev/null; then stdbuf -o0 head -c " + limit + "; else head -c " + limit
                + "; fi\n"
                + "  if IFS= read -r -n 1 -d '' _; then\n"
                + "    printf '\\n%s %s bytes (gantry.runtime.log-limit); the rest of the output was discarded]\\n' "
                + Bash.quote(TRUNCATED_MARKER) + " " + limit + "\n"
                + "    exec cat >/dev/null\n"
                + "  fi\n"
                + "}\n"
                + DRAIN_PIPE
                + "exec 3> >(gantry_limit >../stdout.log); gantry_out=$!\n"
                + "exec 4> >(gantry_limit >../stderr.log); gantry_err=$!\n"
                + "exec 6>&-\n";
    }

    /**
     * A pipe whose only writers are the filters (fd 5 reads it, fd 6 is its write end until the
     * filters are started): it reaches its end the moment both filters have ended, which the
     * drain waits for with {@code read -t} instead of looking every few milliseconds (each look
     * a {@code sleep} process and up to 5 ms late, most of a short task's turnaround). The write
     * end is opened through {@code /proc}, which reopens the pipe that fd 5 reads; where that
     * fails the drain looks as it did before.
     */
    private static final String DRAIN_PIPE = """
            exec 5< <(:)
            if { exec 6>/proc/$$/fd/5; } 2>/dev/null; then gantry_drain=pipe; else gantry_drain=poll; exec 6>&-; fi
            """;

    /**
     * Gives the filters up to 2 s to write what the task wrote last; a process the task left
     * behind may hold its output open for longer, and must not keep the task from ending. With
     * the pipe the filters usually end within a millisecond of the task; without it the first
     * 100 ms are looked at every 5 ms, the rest every 50 ms.
     */
    private static final String DRAIN = """
            if [[ $gantry_drain == pipe ]]; then
              read -r -t 2 -u 5 _
            else
              for ((gantry_i = 0; gantry_i < 58; gantry_i++)); do
                kill -0 "$gantry_out" 2>/dev/null || kill -0 "$gantry_err" 2>/dev/null || break
                if ((gantry_i < 20)); then sleep 0.005; else sleep 0.05; fi
              done
            fi
            exec 5<&-
            """;

    /**
     * A trapped signal makes {@code wait} return early with a status above 128 although the task
     * still runs; wait again then. When the task ended at that very moment bash has already
     * reaped it, and a second wait returns its saved status (or 127 when there is none).
     */
    private static final String WAIT_LOOP = """
            while :; do
              gantry_interrupted=0
              wait "$gantry_child"; gantry_rc=$?
              if [[ $gantry_interrupted == 1 && $gantry_rc -gt 128 ]]; then
                if kill -0 "$gantry_child" 2>/dev/null; then continue; fi
                wait "$gantry_child" 2>/dev/null; gantry_again=$?
                if [[ $gantry_again != 127 ]]; then gantry_rc=$gantry_again; fi
              fi
              break
            done
            """;
}
