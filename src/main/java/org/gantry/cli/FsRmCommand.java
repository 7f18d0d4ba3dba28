package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry fs rm [-r] pai://STORAGE/PATH…}: files, empty folders, or folders with everything in them. */
@Command(name = "rm", description = "Delete files or empty folders on a storage; -r for folders with their contents.")
class FsRmCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PAI_URL", description = "pai://STORAGE/PATH or pai://ALIAS/STORAGE/PATH")
    List<String> urls = new ArrayList<>();

    @Option(names = {"-r", "--recursive"}, description = "Delete folders and everything in them")
    boolean recursive;

    @Override
    public Integer call() throws Exception {
        try (PaiLocations locations = PaiLocations.open()) {
            for (String url : urls) {
                if (!PaiLocations.isRemote(url)) {
                    throw new CliException("gantry fs rm is for storages (pai://STORAGE/PATH), not " + url);
                }
                locations.files().delete(locations.url(url), recursive);
            }
        }
        return 0;
    }
}
