package org.gantry.cli;

import java.io.PrintWriter;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gantry}: the command line client. It talks to a running Gantry over the REST API
 * and never starts Spring.
 */
@Command(name = "gantry", mixinStandardHelpOptions = true, version = "gantry 0.1",
        description = "Submit, inspect and enter Gantry jobs from the command line.",
        subcommands = {LoginCommand.class, JobCommand.class})
public class GantryCli {

    /** First words that mean "run the CLI" rather than "start the server". */
    private static final Set<String> COMMANDS = Set.of("login", "job", "help", "--help", "-h", "--version", "-V");

    public static boolean handles(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    public static int run(String[] args) {
        CommandLine cli = new CommandLine(new GantryCli());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            err.println("gantry: " + (e instanceof CliException ? e.getMessage() : e.toString()));
            return 1;
        });
        return cli.execute(args);
    }
}
