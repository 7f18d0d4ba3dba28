package org.gantry.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.Set;
import org.gantry.storage.vfs.pai.PaiException;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * {@code gantry}: the command line client. It talks to a running Gantry over the REST API
 * and never starts Spring. Every subcommand inherits {@code --help} and {@code --version}, so
 * that {@code gantry login --help} prints the usage rather than complain of missing options.
 */
@Command(name = "gantry", mixinStandardHelpOptions = true, version = "gantry 0.1", scope = ScopeType.INHERIT,
        description = "Submit, inspect and enter Gantry jobs, follow courses, and copy files to and from storages,"
                + " from the command line; add clusters with `gantry cluster add`.",
        subcommands = {ClusterCommand.class, LoginCommand.class, JobCommand.class, MarketCommand.class,
                CourseCommand.class, StorageCommand.class, FsCommand.class,
                CommandLine.HelpCommand.class, AutoComplete.GenerateCompletion.class})
public class GantryCli {

    /** Under the top-level usage only: subcommands inherit annotated attributes, a footer too. */
    private static final String[] FOOTER = {"", "The CLI keeps its clusters (clusters.yaml), SSH key and known_hosts in"
            + " $GANTRY_CONFIG, else $XDG_CONFIG_HOME/gantry, else $HOME/.config/gantry.",
            "", "Starting the server: run the same jar without a CLI command, e.g.", "  java -jar gantry.jar",
            "  java -jar gantry.jar --server.port=8080 --gantry.data-dir=/srv/gantry",
            "Any first argument other than the commands above starts the server with the arguments."};

    /** First words that mean "run the CLI" rather than "start the server". */
    private static final Set<String> COMMANDS = Set.of("admin", "cluster", "login", "job", "market", "course",
            "storage", "fs", "help",
            "generate-completion", "--help", "-h", "--version", "-V");

    /** The standalone CLI jar's entry point ({@code GET /cli/gantry.jar}): every argument goes to picocli. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * {@code gantry admin}, present in the server's jar only: the standalone CLI jar leaves out
     * the deploy and the SSH client it needs (src/assembly/cli-jar.xml).
     */
    private static Optional<CommandLine> adminCommands() {
        try {
            return Optional.of(new CommandLine(Class.forName("org.gantry.cli.AdminCommand")
                    .getDeclaredConstructor().newInstance()));
        } catch (ReflectiveOperationException | LinkageError e) {
            return Optional.empty();
        }
    }

    public static boolean handles(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    public static int run(String[] args) {
        return run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
    }

    static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new GantryCli());
        adminCommands().ifPresent(admin -> cli.addSubcommand("admin", admin));
        cli.setOut(out);
        cli.setErr(err);
        cli.getCommandSpec().usageMessage().footer(FOOTER);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("gantry: " + message(e));
            return 1;
        });
        // a mistake on the command line is one line that says where the usage is, not the whole usage
        cli.setParameterExceptionHandler((e, arguments) -> {
            String command = e.getCommandLine().getCommandSpec().qualifiedName();
            e.getCommandLine().getErr().println("gantry: " + e.getMessage() + " (see `" + command + " --help`)");
            return 2;
        });
        return cli.execute(args);
    }

    /** The CLI's or the server's own words, also where Commons VFS wrapped them; else the exception as it is. */
    private static String message(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CliException || cause instanceof PaiException) {
                return cause.getMessage();
            }
        }
        return e.toString();
    }
}
