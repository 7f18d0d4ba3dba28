package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry cluster …}: the Gantry servers the CLI knows, and which one the other commands use. */
@Command(name = "cluster", description = "Add, list, pick and remove the Gantry clusters the CLI talks to.",
        subcommands = {ClusterAddCommand.class, ClusterListCommand.class, ClusterUseCommand.class,
                ClusterRemoveCommand.class})
class ClusterCommand {
}
