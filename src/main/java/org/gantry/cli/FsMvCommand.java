package org.gantry.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry fs mv pai://… pai://…}: a move done by the server, within a cluster. */
@Command(name = "mv", description = "Move or rename a file or folder on a cluster's storages (the server moves it).")
class FsMvCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SOURCE", description = "pai://STORAGE/PATH")
    String source;

    @Parameters(index = "1", paramLabel = "TARGET", description = "pai://STORAGE/PATH on the same cluster")
    String target;

    @Override
    public Integer call() throws Exception {
        if (!PaiLocations.isRemote(source) || !PaiLocations.isRemote(target)) {
            throw new CliException("gantry fs mv moves between pai:// addresses; to or from this machine use"
                    + " `gantry fs cp` and then `gantry fs rm`");
        }
        try (PaiLocations locations = PaiLocations.open()) {
            locations.files().transfer(locations.url(source), FsCpCommand.into(locations, source, target), true);
        }
        return 0;
    }
}
