package org.gantry.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.gantry.storage.vfs.pai.PaiFiles;

/**
 * Reads the CLI's file arguments: {@code pai://ALIAS/STORAGE/PATH} where ALIAS is a known
 * cluster, {@code pai://STORAGE/PATH} on the current cluster, anything else a local path.
 * Every cluster the CLI knows is opened under its alias.
 */
final class PaiLocations implements AutoCloseable {

    /** The alias under which the sign-in of versions before clusters.yaml is opened. */
    private static final String LEGACY = "gantry-login";

    private final PaiFiles files;
    private final Clusters clusters;
    private final Optional<String> current;

    private PaiLocations(PaiFiles files, Clusters clusters, Optional<String> current) {
        this.files = files;
        this.clusters = clusters;
        this.current = current;
    }

    static PaiLocations open() throws IOException {
        Clusters clusters = Clusters.load();
        PaiFiles files = new PaiFiles();
        for (Clusters.Cluster cluster : clusters.all()) {
            files.addCluster(cluster.alias(), cluster.uri(), cluster.token());
        }
        Optional<String> current = clusters.current().map(Clusters.Cluster::alias);
        if (current.isEmpty()) {
            Optional<CliConfig> legacy = CliConfig.load();
            if (legacy.isPresent()) {
                files.addCluster(LEGACY, legacy.get().server(), legacy.get().token());
                current = Optional.of(LEGACY);
            }
        }
        return new PaiLocations(files, clusters, current);
    }

    PaiFiles files() {
        return files;
    }

    static boolean isRemote(String argument) {
        return argument.startsWith("pai://");
    }

    /** {@code argument} as {@code pai://ALIAS/STORAGE/PATH}. */
    String url(String argument) {
        String rest = argument.substring("pai://".length());
        int slash = rest.indexOf('/');
        String first = slash < 0 ? rest : rest.substring(0, slash);
        if (first.isEmpty()) {
            throw new CliException("Name a storage: pai://STORAGE/PATH or pai://ALIAS/STORAGE/PATH, not " + argument);
        }
        if (clusters.find(first).isPresent()) {
            return slash < 0 ? "pai://" + first + "/" : "pai://" + rest;
        }
        String alias = current.orElseThrow(() -> new CliException("No cluster to talk to: add one with `gantry"
                + " cluster add --alias NAME --uri URL --user NAME`, or name one in pai://ALIAS/STORAGE/PATH"));
        return "pai://" + alias + "/" + rest;
    }

    static Path local(String argument) {
        return Path.of(argument);
    }

    @Override
    public void close() {
        files.close();
    }
}
