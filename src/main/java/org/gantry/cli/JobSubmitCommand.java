package org.gantry.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry job submit FILE [--wait]}: submits an OpenPAI protocol v2 job. */
@Command(name = "submit", description = "Submit a job described by a YAML file.")
class JobSubmitCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "Job YAML (OpenPAI protocol v2)")
    Path file;

    @Option(names = "--wait", description = "Wait until the job ends; exit code 0 when it succeeded, 1 otherwise")
    boolean waitForEnd;

    @Override
    public Integer call() throws Exception {
        CliConfig config = CliConfig.require();
        ApiClient api = ApiClient.of(config);
        String yaml = Files.readString(file);
        api.postText("/api/v2/jobs", "text/yaml", yaml);
        String name = jobName(yaml);
        System.out.println(name.isEmpty() ? "Submitted" : "Submitted " + config.username() + "~" + name);
        if (!waitForEnd) {
            return 0;
        }
        if (name.isEmpty()) {
            throw new CliException("Submitted, but the job's name could not be read from " + file + " to wait for it");
        }
        return JobWaiting.untilEnd(api, config.username() + "~" + name, System.out);
    }

    /** The job's name as the server accepted it (it rejects a YAML without one). */
    private static String jobName(String yaml) {
        try {
            Object root = new Yaml(new LoaderOptions()).load(yaml);
            return root instanceof Map<?, ?> map && map.get("name") != null ? String.valueOf(map.get("name")) : "";
        } catch (RuntimeException e) {
            return "";
        }
    }
}
