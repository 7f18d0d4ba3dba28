package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry job cp SOURCE… TARGET}: copies files into or out of a running task with the
 * system's {@code scp} through the gateway (SFTP, rooted at the task's working directory). A
 * task side is written {@code user~job[~taskRole[~index]]:path}.
 */
@Command(name = "cp", description = "Copy files to or from a running task (user~job[~role[~index]]:path).")
class JobCpCommand implements Callable<Integer> {

    @Parameters(arity = "2..*", paramLabel = "SOURCE... TARGET",
            description = "Local paths and task paths (user~job[~taskRole[~index]]:path); one side is a task")
    List<String> paths = new ArrayList<>();

    @Option(names = {"-r", "--recursive"}, description = "Copy directories with their contents")
    boolean recursive;

    @Override
    public Integer call() throws Exception {
        GatewayLogin login = null;
        List<String> args = new ArrayList<>();
        for (String path : paths) {
            int colon = path.indexOf(':');
            String before = colon < 0 ? "" : path.substring(0, colon);
            if (!before.contains("~") || before.contains("/")) {
                args.add(path);
                continue;
            }
            List<String> task = List.of(before.split("~"));
            if (task.size() < 2 || task.size() > 4) {
                throw new CliException("A task path is user~job[~taskRole[~index]]:path, not " + path);
            }
            List<String> words = new ArrayList<>(List.of(task.get(0) + "~" + task.get(1)));
            words.addAll(task.subList(2, task.size()));
            GatewayLogin resolved = GatewayLogin.resolve(words, "gantry job cp SOURCE... TARGET");
            if (login != null && !login.loginName().equals(resolved.loginName())) {
                throw new CliException("Copy to or from one task at a time");
            }
            login = resolved;
            args.add(resolved.destination() + ":" + path.substring(colon + 1));
        }
        if (login == null) {
            throw new CliException("Name a task side as user~job[~taskRole[~index]]:path");
        }
        List<String> scp = new ArrayList<>(List.of("scp"));
        scp.addAll(login.options());
        scp.addAll(List.of("-P", Integer.toString(login.port())));
        if (recursive) {
            scp.add("-r");
        }
        scp.addAll(args);
        return new ProcessBuilder(scp).inheritIO().start().waitFor();
    }
}
