package org.gantry.terminal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bash command lines that open a task's shell, the same on this machine, in a Slurm
 * allocation and on an SSH host: they need nothing but bash there, no file from Gantry.
 */
public final class ShellScripts {

    /** Carries {@link #INTERACTIVE_RC} to the shell; bash reads it as its rcfile. */
    public static final String RC_VARIABLE = "GANTRY_SHELL_RC";
    /** The task's init script, sourced by both kinds of shell; a relative path is relative to $HOME. */
    public static final String INIT_VARIABLE = "GANTRY_TASK_INIT";
    /** The task's working directory, where both kinds of shell start; a relative path is relative to $HOME. */
    public static final String DIR_VARIABLE = "GANTRY_TASK_DIR";
    /** The task's route, shown in the prompt. */
    public static final String ROUTE_VARIABLE = "GANTRY_TERMINAL_TASK";

    /**
     * The rcfile of an interactive shell: the user's own ~/.bashrc first, then the task's
     * environment so that it wins, then the prompt marks which task this is.
     */
    public static final String INTERACTIVE_RC = """
            case ${GANTRY_TASK_INIT:-/} in /*) ;; *) GANTRY_TASK_INIT=$HOME/$GANTRY_TASK_INIT ;; esac
            case ${GANTRY_TASK_DIR:-/} in /*) ;; *) GANTRY_TASK_DIR=$HOME/$GANTRY_TASK_DIR ;; esac
            if [ -f ~/.bashrc ]; then . ~/.bashrc; fi
            if [ -n "${GANTRY_TASK_INIT:-}" ]; then
              if [ -r "$GANTRY_TASK_INIT" ]; then . "$GANTRY_TASK_INIT"
              else echo "gantry: cannot read the task's environment $GANTRY_TASK_INIT" >&2; fi
            fi
            if [ -n "${GANTRY_TASK_DIR:-}" ]; then cd -- "$GANTRY_TASK_DIR" || true; fi
            PS1="(${GANTRY_TERMINAL_TASK:-task}) ${PS1:-\\\\u@\\\\h:\\\\w\\\\$ }"
            """;

    /** Before an exec request's command: the task's environment, quietly, and its directory. */
    private static final String EXEC_PRELUDE = """
            case ${GANTRY_TASK_INIT:-/} in /*) ;; *) GANTRY_TASK_INIT=$HOME/$GANTRY_TASK_INIT ;; esac
            case ${GANTRY_TASK_DIR:-/} in /*) ;; *) GANTRY_TASK_DIR=$HOME/$GANTRY_TASK_DIR ;; esac
            if [ -n "${GANTRY_TASK_INIT:-}" ] && [ -r "$GANTRY_TASK_INIT" ]; then . "$GANTRY_TASK_INIT" >&2; fi
            if [ -n "${GANTRY_TASK_DIR:-}" ]; then cd -- "$GANTRY_TASK_DIR" || exit 1; fi
            """;

    private ShellScripts() {
    }

    /**
     * An interactive bash reading {@link #INTERACTIVE_RC} from {@value #RC_VARIABLE}. The
     * process substitution survives {@code exec}, so the rcfile needs no file on disk.
     */
    public static List<String> interactive() {
        return List.of("bash", "-c", "exec bash --rcfile <(printf '%s\\n' \"$" + RC_VARIABLE + "\") -i");
    }

    /** Runs {@code command} as {@code bash -c} would, after the task's environment is set up. */
    public static List<String> exec(String command) {
        return List.of("bash", "-c", EXEC_PRELUDE + command);
    }

    /** The request's command line: an exec command or an interactive shell. */
    public static List<String> forRequest(ShellRequest request) {
        return request.command().map(ShellScripts::exec).orElseGet(ShellScripts::interactive);
    }

    /** The task's own variables whose names are valid shell names, into {@code env}. */
    public static void addTaskVariables(Map<String, String> env, Map<String, String> taskEnvironment) {
        taskEnvironment.forEach((name, value) -> {
            if (name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                env.put(name, value);
            }
        });
    }

    /**
     * Adds to {@code env} what every shell into a task gets on top of its account's login
     * environment: the client's passed-on variables and terminal type, the task's variables
     * (valid names only), and the variables the scripts here read.
     */
    public static Map<String, String> addTaskShellVariables(Map<String, String> env, ShellRequest request,
                                                            Map<String, String> taskEnvironment,
                                                            Optional<String> initScript, Optional<String> directory,
                                                            TaskRoute route) {
        request.clientEnvironment().forEach((name, value) -> {
            if (ShellRequest.passesOn(name)) {
                env.put(name, value);
            }
        });
        request.pty().ifPresent(pty -> env.put("TERM", pty.term()));
        addTaskVariables(env, taskEnvironment);
        initScript.ifPresent(script -> env.put(INIT_VARIABLE, script));
        directory.ifPresent(dir -> env.put(DIR_VARIABLE, dir));
        env.put(ROUTE_VARIABLE, route.loginName());
        env.put(RC_VARIABLE, INTERACTIVE_RC);
        return env;
    }
}
