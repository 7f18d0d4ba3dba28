package org.gantry.cli;

import java.util.concurrent.Callable;
import org.gantry.storage.vfs.pai.PaiEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry fs stat pai://STORAGE/PATH}: one entry's type, size and time of change. */
@Command(name = "stat", description = "Show a file's or folder's type, size and time of change.")
class FsStatCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PAI_URL", description = "pai://STORAGE/PATH or pai://ALIAS/STORAGE/PATH")
    String url;

    @Override
    public Integer call() throws Exception {
        if (!PaiLocations.isRemote(url)) {
            throw new CliException("gantry fs stat is for storages (pai://STORAGE/PATH); for a local file use stat");
        }
        try (PaiLocations locations = PaiLocations.open()) {
            String address = locations.url(url);
            PaiEntry entry = locations.files().stat(address)
                    .orElseThrow(() -> new CliException("No such file or folder: " + url));
            System.out.println("address:  " + address);
            System.out.println("type:     " + (entry.directory() ? "folder" : "file"));
            if (!entry.directory()) {
                System.out.println("size:     " + entry.size());
            }
            System.out.println("modified: " + entry.modified().map(Object::toString).orElse("-"));
        }
        return 0;
    }
}
