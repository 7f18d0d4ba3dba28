package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry job ssh-config user~job [taskRole [index]]}: an OpenSSH {@code Host} block for
 * a task, to append to {@code ~/.ssh/config} so that any SSH tool (VS Code Remote-SSH,
 * JetBrains Gateway, scp, rsync) enters the task through Gantry's gateway by the host alias.
 */
@Command(name = "ssh-config", description = "Print an OpenSSH Host block for a task, for ~/.ssh/config and IDEs.")
class JobSshConfigCommand implements Callable<Integer> {

    static final String USAGE = "gantry job ssh-config USER~JOB [TASK_ROLE [INDEX]]";

    @Parameters(arity = "1..3", paramLabel = "USER~JOB [TASK_ROLE [INDEX]]",
            description = "The job, optionally its task role (default: the first) and index (default: 0)")
    List<String> task = new ArrayList<>();

    @Option(names = "--host", paramLabel = "ALIAS",
            description = "The Host alias (default: gantry-USER-JOB[-TASK_ROLE-INDEX])")
    String alias;

    @Override
    public Integer call() throws Exception {
        GatewayLogin login = GatewayLogin.resolve(task, USAGE);
        System.out.print(hostBlock(alias != null ? alias : defaultAlias(task), login));
        return 0;
    }

    static String defaultAlias(List<String> task) {
        return "gantry-" + String.join("-", task).replace('~', '-');
    }

    /**
     * The block: OpenSSH reads the login name literally ({@code ~} is not special in
     * {@code User}); the host key is pinned in the CLI's own known_hosts, so no tool asks.
     */
    static String hostBlock(String alias, GatewayLogin login) {
        return String.join("\n",
                "Host " + alias,
                "    HostName " + login.host(),
                "    Port " + login.port(),
                "    User " + login.loginName(),
                "    IdentityFile \"" + login.identityFile() + "\"",
                "    IdentitiesOnly yes",
                "    UserKnownHostsFile \"" + login.knownHosts() + "\"",
                "    StrictHostKeyChecking yes",
                "    PasswordAuthentication no",
                "    ServerAliveInterval 15",
                "") + "\n";
    }
}
