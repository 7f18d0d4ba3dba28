package org.gantry.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry cluster remove ALIAS}: forgets a cluster and its token (which stays valid on the server). */
@Command(name = "remove", description = {"Forget a cluster and its token.",
        "The token stays valid on the server: revoke it there under Settings: tokens if nothing else uses it."})
class ClusterRemoveCommand implements Callable<Integer> {

    @Parameters(paramLabel = "ALIAS", description = "The cluster's alias (see gantry cluster list)")
    String alias;

    @Override
    public Integer call() throws Exception {
        Clusters clusters = Clusters.load();
        boolean wasCurrent = clusters.current().filter(c -> c.alias().equals(alias)).isPresent();
        if (!clusters.remove(alias)) {
            throw new CliException("No cluster " + alias + ": `gantry cluster list` shows the known ones");
        }
        clusters.save();
        System.out.println("Removed cluster " + alias + "." + (wasCurrent
                ? " No cluster is current now: pick one with `gantry cluster use ALIAS`." : ""));
        return 0;
    }
}
