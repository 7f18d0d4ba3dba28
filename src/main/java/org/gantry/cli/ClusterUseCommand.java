package org.gantry.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry cluster use ALIAS}: the cluster the other commands talk to from now on. */
@Command(name = "use", description = "Make a cluster the current one: the job commands talk to it.")
class ClusterUseCommand implements Callable<Integer> {

    @Parameters(paramLabel = "ALIAS", description = "The cluster's alias (see gantry cluster list)")
    String alias;

    @Override
    public Integer call() throws Exception {
        Clusters clusters = Clusters.load();
        if (clusters.find(alias).isEmpty()) {
            throw new CliException("No cluster " + alias + ": `gantry cluster list` shows the known ones");
        }
        clusters.use(alias);
        clusters.save();
        System.out.println("Now using " + alias + ".");
        return 0;
    }
}
