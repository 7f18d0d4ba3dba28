package org.gantry.cli;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.gantry.storage.vfs.pai.PaiEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry fs ls pai://STORAGE/PATH}: a folder's entries, or one file. */
@Command(name = "ls", description = "List a folder on a storage (pai://STORAGE/PATH); pai://ALIAS/ lists the storages.")
class FsLsCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PAI_URL", description = "pai://STORAGE/PATH or pai://ALIAS/STORAGE/PATH")
    String url;

    @Option(names = {"-l", "--long"}, description = "Show type, size and time of change")
    boolean longFormat;

    @Override
    public Integer call() throws Exception {
        if (!PaiLocations.isRemote(url)) {
            throw new CliException("gantry fs ls lists storages (pai://STORAGE/PATH); for a local folder use ls");
        }
        try (PaiLocations locations = PaiLocations.open()) {
            List<PaiEntry> entries = locations.files().list(locations.url(url)).stream()
                    .sorted(Comparator.comparing(PaiEntry::name)).toList();
            for (PaiEntry entry : entries) {
                String name = entry.name() + (entry.directory() ? "/" : "");
                if (longFormat) {
                    System.out.printf("%s %12s %-20s %s%n", entry.directory() ? "d" : "-",
                            entry.directory() ? "-" : Long.toString(entry.size()),
                            entry.modified().map(time -> time.toString().replaceFirst("\\.\\d+Z$", "Z")).orElse("-"),
                            name);
                } else {
                    System.out.println(name);
                }
            }
        }
        return 0;
    }
}
