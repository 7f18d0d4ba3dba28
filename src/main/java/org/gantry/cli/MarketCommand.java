package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry market …}: the marketplace subcommands. */
@Command(name = "market", description = "Search, read, use and publish marketplace items.",
        subcommands = {MarketSearchCommand.class, MarketGetCommand.class, MarketUseCommand.class,
                MarketPublishCommand.class})
class MarketCommand {
}
