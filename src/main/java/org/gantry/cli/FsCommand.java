package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry fs …}: files of Gantry storages as {@code pai://} addresses, and local files. */
@Command(name = "fs", description = "Files on storages: pai://STORAGE/PATH (current cluster) or pai://ALIAS/STORAGE/PATH.",
        subcommands = {FsLsCommand.class, FsStatCommand.class, FsMkdirCommand.class, FsRmCommand.class,
                FsCpCommand.class, FsMvCommand.class},
        footer = {"", "pai://NAME/…: NAME is a cluster alias (gantry cluster list) when there is one by that name,"
                + " else a storage of the current cluster. `pai://ALIAS/` lists that cluster's storages."})
class FsCommand {
}
