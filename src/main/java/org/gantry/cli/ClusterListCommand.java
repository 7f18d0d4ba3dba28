package org.gantry.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gantry cluster list}: the known clusters, the current one marked; never their tokens. */
@Command(name = "list", description = "List the clusters; * marks the current one.")
class ClusterListCommand implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        Clusters clusters = Clusters.load();
        if (clusters.all().isEmpty()) {
            System.out.println("No clusters yet: add one with `gantry cluster add --alias NAME --uri URL --user NAME`");
            return 0;
        }
        String current = clusters.current().map(Clusters.Cluster::alias).orElse("");
        String format = "%1s %-16s %-36s %-16s %-20s %s%n";
        System.out.printf(format, "", "ALIAS", "URI", "USER", "VIRTUAL CLUSTERS", "STORAGES");
        for (Clusters.Cluster cluster : clusters.all()) {
            System.out.printf(format, cluster.alias().equals(current) ? "*" : "", cluster.alias(), cluster.uri(),
                    cluster.user(), join(cluster.virtualClusters()), cluster.storages().map(ClusterListCommand::join)
                            .orElse("(not cached)"));
        }
        return 0;
    }

    private static String join(List<String> names) {
        return names.isEmpty() ? "-" : String.join(",", names);
    }
}
