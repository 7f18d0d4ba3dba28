package org.gantry.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry job get user~job}: a job's status, or its config with {@code --config}. */
@Command(name = "get", description = "Show a job's status (JSON) or its config (YAML).")
class JobGetCommand implements Callable<Integer> {

    @Parameters(paramLabel = "USER~JOB")
    String job;

    @Option(names = "--config", description = "Print the job's YAML config instead of its status")
    boolean config;

    @Override
    public Integer call() throws Exception {
        if (!job.contains("~")) {
            throw new CliException("Name the job as user~job");
        }
        ApiClient api = ApiClient.fromConfig();
        String path = "/api/v2/jobs/" + ApiClient.encode(job);
        if (config) {
            System.out.print(api.getText(path + "/config"));
        } else {
            System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(api.get(path)));
        }
        return 0;
    }
}
