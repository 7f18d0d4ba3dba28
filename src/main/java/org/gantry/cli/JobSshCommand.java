package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
        if (!job.contains("~")) {
            throw new CliException("Name the job as user~job");
        }
        CliConfig config = CliConfig.require();
        ApiClient api = ApiClient.fromConfig();
        CliSshKey key = CliSshKey.ensureRegistered(api);
        StringBuilder path = new StringBuilder("/api/v2/jobs/" + ApiClient.encode(job) + "/ssh");
        if (taskRole != null) {
            path.append("?taskRole=").append(ApiClient.encode(taskRole));
            if (taskIndex != null) {
                path.append("&taskIndex=").append(taskIndex);
            }
        }
        JsonNode info = api.get(path.toString());
        String host = info.path("hostConfigured").asBoolean()
                ? info.path("host").asText() : URI.create(config.server()).getHost();
        int port = info.path("port").asInt();
        Path knownHosts = rememberHostKey(host, port, info.path("hostKey").asText());
        List<String> ssh = new ArrayList<>(List.of("ssh", "-i", key.privateKey().toString(),
                "-o", "IdentitiesOnly=yes", "-o", "UserKnownHostsFile=" + knownHosts,
                "-o", "StrictHostKeyChecking=yes", "-o", "PasswordAuthentication=no",
                "-p", Integer.toString(port)));
        if (tty) {
            ssh.add("-t");
        }
        ssh.add(info.path("loginName").asText() + "@" + host);
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

    /** Pins the gateway's host key in the CLI's own known_hosts, so ssh never asks. */
    private static Path rememberHostKey(String host, int port, String hostKey) throws IOException {
        Path file = CliConfig.home().resolve("known_hosts");
        String pattern = port == 22 ? host : "[" + host + "]:" + port;
        List<String> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (!line.startsWith(pattern + " ")) {
                    lines.add(line);
                }
            }
        }
        lines.add(pattern + " " + hostKey);
        Files.createDirectories(file.getParent());
        Files.write(file, lines);
        return file;
    }
}
