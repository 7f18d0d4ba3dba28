package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry admin}: administrators' commands. */
@Command(name = "admin", description = "Administer a Gantry cluster.", subcommands = {AdminDeployCommand.class})
class AdminCommand {
}
