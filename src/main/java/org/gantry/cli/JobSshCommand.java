package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gantry job ssh user~job [taskRole [index]] [-- command…]}: a shell (or a command) in a
 * running task, through Gantry's SSH gateway with the system's {@code ssh}. The exit code is
 * the remote command's.
 */
@Command(name = "ssh", description = "Open a shell in a running task, or run a command there.")
class JobSshCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "USER~JOB [TASK_ROLE [INDEX]] [-- COMMAND...]",
            description = "The job, optionally its task role (default: the first) and index (default: 0); "
                    + "after --, a command to run instead of a shell")
    List<String> arguments = new ArrayList<>();

    @Spec
    CommandSpec spec;

    String job;
    String taskRole;
    Integer taskIndex;
    List<String> command = new ArrayList<>();

    @Option(names = {"-t", "--tty"}, description = "Ask for a terminal even when running a command")
    boolean tty;

    @Option(names = "--print", description = "Print the ssh command instead of running it")
    boolean print;

    @Override
    public Integer call() throws Exception {
        splitArguments();
        GatewayLogin login = GatewayLogin.resolve(job, taskRole, taskIndex);
        List<String> ssh = login.ssh();
        if (tty) {
            ssh.add("-t");
        }
        ssh.add(login.destination());
        if (!command.isEmpty()) {
            ssh.add("--");
            ssh.addAll(command);
        }
        if (print) {
            System.out.println(String.join(" ", ssh));
            return 0;
        }
        return new ProcessBuilder(ssh).inheritIO().start().waitFor();
    }

    /** picocli drops the {@code --}; where it stood in the command line says where the command starts. */
    private void splitArguments() {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        int dashes = original.indexOf("--");
        int commandWords = dashes < 0 ? 0 : original.size() - dashes - 1;
        List<String> task = arguments.subList(0, arguments.size() - commandWords);
        command = new ArrayList<>(arguments.subList(arguments.size() - commandWords, arguments.size()));
        if (task.isEmpty() || task.size() > 3) {
            throw new CliException("Usage: gantry job ssh USER~JOB [TASK_ROLE [INDEX]] [-- COMMAND...]");
        }
        job = task.get(0);
        taskRole = task.size() > 1 ? task.get(1) : null;
        if (task.size() > 2) {
            try {
                taskIndex = Integer.valueOf(task.get(2));
            } catch (NumberFormatException e) {
                throw new CliException("The task index is a number, not " + task.get(2));
            }
        }
    }
}
