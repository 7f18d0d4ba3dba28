package org.gantry.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry job debug user~job [taskRole [index]] --python [--port 5678]}: forwards the port
 * {@code debugpy} listens on in the task to this machine (like {@code gantry job forward}) and
 * prints what an IDE needs to attach: VS Code's {@code launch.json} configuration, with the
 * task's working directory as the remote root of its path mapping, and PyCharm's equivalent.
 */
@Command(name = "debug", description = "Forward a debugger's port of a running task and print the IDE's attach"
        + " configuration, until Ctrl-C.")
class JobDebugCommand implements Callable<Integer> {

    static final String USAGE = "gantry job debug USER~JOB [TASK_ROLE [INDEX]] --python [--port PORT]";

    @Parameters(arity = "1..3", paramLabel = "USER~JOB [TASK_ROLE [INDEX]]",
            description = "The job, optionally its task role (default: the first) and index (default: 0)")
    List<String> task = new ArrayList<>();

    @Option(names = "--python", required = true,
            description = "Attach to debugpy (python -m debugpy --listen localhost:PORT …) in the task")
    boolean python;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "5678",
            description = "The port debugpy listens on in the task (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--local-port", paramLabel = "PORT",
            description = "The port on this machine the IDE attaches to (default: the same as --port)")
    Integer localPort;

    /** VS Code's variable for the open folder; picocli would read "${…}" in an annotation as its own variable. */
    static final String WORKSPACE_FOLDER = "${workspaceFolder}";

    @Option(names = "--local-root", paramLabel = "DIR",
            description = "Where the task's sources are on this machine, for the path mapping"
                    + " (default: VS Code's $${workspaceFolder})")
    String localRoot;

    @Override
    public Integer call() throws Exception {
        checkPort(port);
        int local = localPort == null ? port : localPort;
        checkPort(local);
        GatewayLogin login = GatewayLogin.resolve(task, USAGE);
        String remoteRoot = workingDirectory(login);
        // Not a picocli default: picocli reads "${workspaceFolder}" there as its own variable, which is null.
        String root = localRoot == null ? WORKSPACE_FOLDER : localRoot;
        System.out.print(instructions(login.loginName(), port, local, root, remoteRoot));
        System.out.println("Forwarding localhost:" + local + " to port " + port + " of " + login.loginName()
                + " until Ctrl-C.");
        System.out.flush();
        List<String> ssh = login.ssh();
        ssh.addAll(List.of("-N", "-o", "ExitOnForwardFailure=yes", "-L", "127.0.0.1:" + local + ":localhost:" + port,
                login.destination()));
        return new ProcessBuilder(ssh).inheritIO().start().waitFor();
    }

    /** The task's working directory, where a command through the gateway starts. */
    private static String workingDirectory(GatewayLogin login) throws Exception {
        List<String> ssh = login.ssh();
        ssh.addAll(List.of("-o", "BatchMode=yes", login.destination(), "pwd"));
        Process pwd = new ProcessBuilder(ssh).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        pwd.getOutputStream().close();
        String out = new String(pwd.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        // the task's shell may print something of its own first: the directory is the last line
        List<String> lines = out.lines().toList();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
        if (!pwd.waitFor(60, TimeUnit.SECONDS) || pwd.exitValue() != 0 || !last.startsWith("/")) {
            throw new CliException("Could not read the task's working directory through the gateway"
                    + (out.isEmpty() ? "" : ": " + out));
        }
        return last;
    }

    /** What the user reads: how to start debugpy, VS Code's configuration, PyCharm's. */
    static String instructions(String loginName, int port, int localPort, String localRoot, String remoteRoot) {
        String name = "Attach to " + loginName;
        return String.join("\n",
                "In the task, start your program under debugpy, for example:",
                "    python -m debugpy --listen localhost:" + port + " --wait-for-client train.py",
                "",
                "VS Code (Python Debugger extension): add to .vscode/launch.json, then Run > Start Debugging:",
                launchJson(name, localPort, localRoot, remoteRoot),
                "",
                "PyCharm: attaching to debugpy is not built in. Either enter the task with JetBrains Gateway",
                "(gantry job ssh-config " + taskWords(loginName) + ") and debug there, or use the same mapping in a",
                "debugpy-capable plugin: host localhost, port " + localPort + ", path mapping",
                "    " + (localRoot.equals(WORKSPACE_FOLDER) ? "<project root>" : localRoot) + "  =  " + remoteRoot,
                "", "");
    }

    /** {@code alice~train~worker~0} as the job commands take it: {@code alice~train worker 0}. */
    static String taskWords(String loginName) {
        String[] parts = loginName.split("~");
        StringBuilder words = new StringBuilder(parts[0] + (parts.length > 1 ? "~" + parts[1] : ""));
        for (int i = 2; i < parts.length; i++) {
            words.append(' ').append(parts[i]);
        }
        return words.toString();
    }

    /** A {@code launch.json} document with one {@code debugpy} attach configuration. */
    static String launchJson(String name, int localPort, String localRoot, String remoteRoot) {
        return String.join("\n",
                "{",
                "  \"version\": \"0.2.0\",",
                "  \"configurations\": [",
                "    {",
                "      \"name\": " + json(name) + ",",
                "      \"type\": \"debugpy\",",
                "      \"request\": \"attach\",",
                "      \"connect\": { \"host\": \"localhost\", \"port\": " + localPort + " },",
                "      \"pathMappings\": [",
                "        { \"localRoot\": " + json(localRoot) + ", \"remoteRoot\": " + json(remoteRoot) + " }",
                "      ],",
                "      \"justMyCode\": false",
                "    }",
                "  ]",
                "}");
    }

    private static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65535) {
            throw new CliException(port + " is not a TCP port\nUsage: " + USAGE);
        }
    }
}
