package org.gantry.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry fs mkdir pai://STORAGE/PATH…}: folders, with their parents. */
@Command(name = "mkdir", description = "Create folders on a storage, with any missing parents.")
class FsMkdirCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PAI_URL", description = "pai://STORAGE/PATH or pai://ALIAS/STORAGE/PATH")
    List<String> urls = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        try (PaiLocations locations = PaiLocations.open()) {
            for (String url : urls) {
                if (!PaiLocations.isRemote(url)) {
                    throw new CliException("gantry fs mkdir is for storages (pai://STORAGE/PATH), not " + url);
                }
                locations.files().mkdir(locations.url(url));
            }
        }
        return 0;
    }
}
