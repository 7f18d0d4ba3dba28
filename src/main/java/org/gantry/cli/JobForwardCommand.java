package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry job forward user~job [taskRole [index]] PORT[:LOCAL]…}: the task's ports on this
 * machine's localhost through the gateway ({@code ssh -N -L}), until Ctrl-C. Only ports the
 * task listens on are let through (docs/decisions/0021-task-port-forwarding.md).
 */
@Command(name = "forward", description = "Forward ports of a running task to localhost, until Ctrl-C.")
class JobForwardCommand implements Callable<Integer> {

    static final String USAGE = "gantry job forward USER~JOB [TASK_ROLE [INDEX]] PORT[:LOCAL_PORT]...";

    @Parameters(arity = "2..*", paramLabel = "USER~JOB [TASK_ROLE [INDEX]] PORT[:LOCAL_PORT]...",
            description = "The job, optionally its task role and index, then the task's ports (each on the same "
                    + "local port unless :LOCAL_PORT says otherwise)")
    List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Split split = split(arguments);
        GatewayLogin login = GatewayLogin.resolve(split.task(), USAGE);
        List<String> ssh = login.ssh();
        ssh.addAll(List.of("-N", "-o", "ExitOnForwardFailure=yes"));
        for (int[] port : split.ports()) {
            ssh.addAll(List.of("-L", "127.0.0.1:" + port[1] + ":localhost:" + port[0]));
        }
        ssh.add(login.destination());
        for (int[] port : split.ports()) {
            System.out.println("http://localhost:" + port[1] + "/  ->  port " + port[0] + " of " + login.loginName());
        }
        System.out.println("Forwarding until Ctrl-C.");
        System.out.flush();
        return new ProcessBuilder(ssh).inheritIO().start().waitFor();
    }

    /** The task words and the ports ({task port, local port}). */
    record Split(List<String> task, List<int[]> ports) {
    }

    /**
     * A task role is never a number, so after the job: a word that is not a port is the role; then,
     * with a role, a number followed by more ports is the index; the rest are ports.
     */
    static Split split(List<String> arguments) {
        List<String> task = new ArrayList<>(List.of(arguments.get(0)));
        int next = 1;
        if (next < arguments.size() && !isPort(arguments.get(next))) {
            task.add(arguments.get(next++));
            if (next + 1 < arguments.size() && arguments.get(next).matches("[0-9]+")) {
                task.add(arguments.get(next++));
            }
        }
        List<int[]> ports = new ArrayList<>();
        for (String word : arguments.subList(next, arguments.size())) {
            if (!isPort(word)) {
                throw new CliException("Not a PORT[:LOCAL_PORT]: " + word + "\nUsage: " + USAGE);
            }
            String[] parts = word.split(":");
            int remote = port(parts[0]);
            ports.add(new int[] {remote, parts.length > 1 ? port(parts[1]) : remote});
        }
        if (ports.isEmpty()) {
            throw new CliException("Name at least one port\nUsage: " + USAGE);
        }
        return new Split(task, ports);
    }

    private static boolean isPort(String word) {
        return word.matches("[0-9]{1,5}(:[0-9]{1,5})?");
    }

    private static int port(String text) {
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw new CliException(port + " is not a TCP port");
        }
        return port;
    }
}
