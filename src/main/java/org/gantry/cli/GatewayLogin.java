package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the system's {@code ssh} reaches a task through Gantry's SSH gateway: the gateway's
 * host and port (from {@code GET /api/v2/jobs/{job}/ssh}), the login name that names the task,
 * the CLI's own registered key, and a known_hosts file with the gateway's key pinned.
 */
record GatewayLogin(String host, int port, String loginName, Path identityFile, Path knownHosts) {

    /** Asks the server, registers the CLI's key if needed and pins the gateway's host key. */
    static GatewayLogin resolve(String job, String taskRole, Integer taskIndex) throws IOException, InterruptedException {
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
        return new GatewayLogin(host, port, info.path("loginName").asText(), key.privateKey(), knownHosts);
    }

    /** The options every ssh, scp and sftp here runs with: this key only, the pinned host key, no passwords. */
    List<String> options() {
        return List.of("-i", identityFile.toString(), "-o", "IdentitiesOnly=yes",
                "-o", "UserKnownHostsFile=" + knownHosts, "-o", "StrictHostKeyChecking=yes",
                "-o", "PasswordAuthentication=no");
    }

    /** {@code ssh [options] -p PORT}, ready for more options and the destination. */
    List<String> ssh() {
        List<String> ssh = new ArrayList<>(List.of("ssh"));
        ssh.addAll(options());
        ssh.addAll(List.of("-p", Integer.toString(port)));
        return ssh;
    }

    /** {@code login@host}. */
    String destination() {
        return loginName + "@" + host;
    }

    /** Splits {@code USER~JOB [TASK_ROLE [INDEX]]} as the job commands take it. */
    static GatewayLogin resolve(List<String> task, String usage) throws IOException, InterruptedException {
        if (task.isEmpty() || task.size() > 3) {
            throw new CliException("Usage: " + usage);
        }
        Integer index = null;
        if (task.size() > 2) {
            try {
                index = Integer.valueOf(task.get(2));
            } catch (NumberFormatException e) {
                throw new CliException("The task index is a number, not " + task.get(2));
            }
        }
        return resolve(task.get(0), task.size() > 1 ? task.get(1) : null, index);
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
