package org.gantry.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Opens shells on this machine as a task's OS account: for tasks of the local executor, and
 * {@code srun} into the allocations of Slurm tasks when this machine is a submit host.
 *
 * <p>When Gantry runs as root the shell is started through {@code setpriv} with the account's
 * uid, gid and groups and no capabilities; otherwise only a task running as Gantry's own
 * account can be entered. The environment is built from scratch: nothing of Gantry's own
 * (database password, secret key location) reaches a task's shell.
 */
@Component
public class LocalShells {

    private static final String SAFE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private final String ownAccount;
    private final boolean root;

    public LocalShells() {
        com.sun.security.auth.module.UnixSystem self = new com.sun.security.auth.module.UnixSystem();
        this.ownAccount = self.getUsername();
        this.root = self.getUid() == 0;
    }

    /** A shell in a local task's working directory as its account. */
    public TaskShell open(TaskShellTarget.Local target, TaskRoute route, ShellRequest request) throws IOException {
        OsAccount account = account(target.osAccount());
        Map<String, String> env = environment(account, target.environment(), target.initScript(),
                Optional.of(target.workingDirectory().toString()), route, request);
        List<String> program = new ArrayList<>();
        if (root && target.mountNamespacePid().isPresent()) {
            // the task's storages are mounted in a namespace of its own: the shell joins it before dropping root
            program.addAll(List.of("nsenter", "--target=" + target.mountNamespacePid().getAsLong(), "--mount", "--"));
        }
        return start(account, program, ShellScripts.forRequest(request), env, target.workingDirectory(), request);
    }

    /** {@code srun --overlap} into a Slurm task's allocation, as the allocation's owner. */
    public TaskShell open(TaskShellTarget.Slurm target, TaskRoute route, ShellRequest request) throws IOException {
        OsAccount account = account(target.osAccount());
        Map<String, String> env = environment(account, target.environment(), target.initScript(),
                target.workingDirectory(), route, request);
        Path here = Files.isDirectory(account.home()) ? account.home() : Path.of("/");
        TaskShell shell = start(account, List.of(), srun(target, request), env, here, request);
        // srun sets up its own pty on the compute node from the size it saw at start, which may
        // predate pty4j's first resize: set it again once srun speaks.
        return request.pty().<TaskShell>map(pty -> new ResizeOnFirstOutputShell(shell, pty.size())).orElse(shell);
    }

    /** srun's command line for a Slurm target; also used over SSH to a login node. */
    public static List<String> srun(TaskShellTarget.Slurm target, ShellRequest request) {
        List<String> command = srunInto(target);
        if (request.pty().isPresent()) {
            command.add("--pty");
        }
        target.workingDirectory().ifPresent(dir -> command.add("--chdir=" + dir));
        command.addAll(ShellScripts.forRequest(request));
        return command;
    }

    /**
     * {@code program} as one more step of a Slurm task's allocation, without a terminal, as the
     * allocation's owner: how the gateway lists the task's ports and bridges to one of them
     * (docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md).
     */
    public TaskShell step(TaskShellTarget.Slurm target, List<String> program) throws IOException {
        OsAccount account = account(target.osAccount());
        Map<String, String> env = login(account, account.home().toString());
        // the runtime's SLURM_CONF and PATH for srun travel in the task's environment
        ShellScripts.addTaskVariables(env, target.environment());
        Path here = Files.isDirectory(account.home()) ? account.home() : Path.of("/");
        return start(account, List.of(), srunStep(target, program), env, here, new ShellRequest(Optional.empty(),
                Optional.empty(), Map.of()));
    }

    /**
     * srun's command line for a step without terminal whose output is passed on as it comes
     * ({@code --unbuffered}: slurmstepd otherwise holds output back until a newline).
     */
    public static List<String> srunStep(TaskShellTarget.Slurm target, List<String> program) {
        List<String> command = srunInto(target);
        command.addAll(List.of("--unbuffered", "--chdir=/"));
        command.addAll(program);
        return command;
    }

    /** {@code srun} as one more single-task step of the task's own job, quiet. */
    private static List<String> srunInto(TaskShellTarget.Slurm target) {
        return new ArrayList<>(List.of("srun", "--jobid=" + target.slurmJobId(), "--overlap", "--ntasks=1", "--quiet"));
    }

    /**
     * The environment of a task's shell: a minimal login environment for the account, the
     * client's terminal settings, the task's variables, and what {@link ShellScripts} reads.
     */
    public static Map<String, String> environment(OsAccount account, Map<String, String> taskEnvironment,
                                                  Optional<String> initScript, Optional<String> directory,
                                                  TaskRoute route, ShellRequest request) {
        Map<String, String> env = login(account,
                Files.isDirectory(account.home()) ? account.home().toString() : directory.orElse("/"));
        env.put("SHELL", "/bin/bash");
        return ShellScripts.addTaskShellVariables(env, request, taskEnvironment, initScript, directory, route);
    }

    /** A minimal login environment for the account: a safe PATH, HOME, USER, LOGNAME and LANG. */
    private static Map<String, String> login(OsAccount account, String home) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", SAFE_PATH);
        env.put("HOME", home);
        env.put("USER", account.name());
        env.put("LOGNAME", account.name());
        env.put("LANG", "C.UTF-8");
        return env;
    }

    private OsAccount account(String name) {
        OsAccount account = OsAccount.lookup(name)
                .orElseThrow(() -> new ShellUnavailableException("The task's account " + name
                        + " does not exist on this machine"));
        if (!root && !account.name().equals(ownAccount)) {
            throw new ShellUnavailableException("Gantry runs as " + ownAccount + ", not as root, so it cannot open a "
                    + "shell as the task's account " + name);
        }
        if (account.uid() == 0) {
            throw new ShellUnavailableException("Tasks never run as root, and neither do their shells");
        }
        return account;
    }

    /** Starts {@code program} as the account, after {@code asRoot} (words run with Gantry's own privileges). */
    private TaskShell start(OsAccount account, List<String> asRoot, List<String> program, Map<String, String> env,
                            Path directory, ShellRequest request) throws IOException {
        List<String> command = new ArrayList<>(asRoot);
        if (root) {
            command.addAll(List.of("setpriv", "--reuid=" + account.uid(), "--regid=" + account.gid(),
                    "--init-groups", "--inh-caps=-all", "--"));
        }
        command.addAll(program);
        if (request.pty().isPresent()) {
            return Pty4jShell.start(command, env, directory, request.pty().get().size());
        }
        return PipeShell.start(command, env, directory);
    }
}
