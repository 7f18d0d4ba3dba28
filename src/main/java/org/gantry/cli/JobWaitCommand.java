package org.gantry.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gantry job wait user~job}: waits for a job to end, exit code 0 when it succeeded. */
@Command(name = "wait", description = "Wait until a job ends; exit code 0 when it succeeded, 1 otherwise.")
class JobWaitCommand implements Callable<Integer> {

    @Parameters(paramLabel = "USER~JOB")
    String job;

    @Override
    public Integer call() throws Exception {
        if (!job.contains("~")) {
            throw new CliException("Name the job as user~job");
        }
        return JobWaiting.untilEnd(ApiClient.fromConfig(), job, System.out);
    }
}
