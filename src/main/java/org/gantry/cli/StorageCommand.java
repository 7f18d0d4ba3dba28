package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry storage …}: the storages the signed-in user may use. */
@Command(name = "storage", description = "List the storages you may use (their files: `gantry fs`).",
        subcommands = {StorageListCommand.class})
class StorageCommand {
}
