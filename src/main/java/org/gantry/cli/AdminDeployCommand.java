package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gantry.deploy.DeployApi;
import org.gantry.deploy.Deployer;
import org.gantry.deploy.GantryInstall;
import org.gantry.deploy.Inventory;
import org.gantry.deploy.InventoryException;
import org.gantry.deploy.InventoryParser;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gantry admin deploy --inventory FILE [--dry-run] [--add NAME | --remove NAME]}: checks
 * the inventory's machines over SSH and registers them with Gantry (docs/deploy.md). Exit code
 * 0 when every step succeeded, 1 when one failed (listed at the end), 2 for a bad inventory.
 */
@Command(name = "deploy", description = {"Check the inventory's machines over SSH and make Gantry use them:"
        + " compute machines become SSH hosts in their virtual cluster, storage directories storages.",
        "Every step checks before it acts: a second run prints \"no changes\", a run after a failure resumes."})
class AdminDeployCommand implements Callable<Integer> {

    @Option(names = "--inventory", required = true, description = "The inventory file (YAML, see docs/deploy.md)")
    Path inventoryFile;

    @Option(names = "--dry-run", description = "Check the machines and print the plan; change nothing")
    boolean dryRun;

    @Option(names = "--token-file", description = "A file holding an administrator's token for the inventory's"
            + " Gantry; else the sign-in of `gantry login` to that server")
    Path tokenFile;

    @Option(names = "--connect-timeout", defaultValue = "15s", description = "Time to reach a machine over SSH"
            + " (default: ${DEFAULT-VALUE})", converter = DurationConverter.class)
    Duration connectTimeout;

    @Option(names = "--jar", description = "Gantry's server jar to install on the system machine when Gantry does"
            + " not answer there, or to update it with; default: the inventory's gantry.jar, else the jar this runs from")
    Path jar;

    @Option(names = "--start-timeout", defaultValue = "5m", description = "How long an installed Gantry may take to"
            + " answer (default: ${DEFAULT-VALUE})", converter = DurationConverter.class)
    Duration startTimeout;

    @ArgGroup(exclusive = true)
    One one;

    static class One {
        @Option(names = "--add", description = "Join only this machine of the inventory (taken back if draining)")
        String add;

        @Option(names = "--remove", description = "Drain this compute machine and deregister it")
        String remove;
    }

    @ArgGroup(exclusive = true)
    Drain drain;

    static class Drain {
        @Option(names = "--drain-timeout", description = "With --remove: how long to wait for running tasks"
                + " (e.g. 10m)", converter = DurationConverter.class)
        Duration timeout;

        @Option(names = "--stop", description = "With --remove: stop the jobs running there instead of waiting")
        boolean stop;
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Inventory inventory;
        try {
            inventory = InventoryParser.parse(inventoryFile);
        } catch (InventoryException e) {
            spec.commandLine().getErr().println("gantry: " + e.getMessage());
            return 2;
        }
        if (drain != null && (one == null || one.remove == null)) {
            throw new CliException("--drain-timeout and --stop go with --remove");
        }
        Deployer deployer = new Deployer(inventory, api(inventory), spec.commandLine().getOut(), Clock.systemUTC(),
                connectTimeout).installing(serverJar(inventory), startTimeout);
        Deployer.Result result;
        if (one != null && one.remove != null) {
            if (dryRun) {
                throw new CliException("--dry-run does not go with --remove");
            }
            boolean stop = drain != null && drain.stop;
            Duration timeout = drain != null && drain.timeout != null ? drain.timeout : Duration.ofMinutes(10);
            result = deployer.remove(one.remove, stop ? Duration.ofMinutes(2) : timeout, stop);
        } else {
            if (one != null && inventory.machine(one.add).isEmpty()) {
                throw new CliException("No machine " + one.add + " in " + inventoryFile + ": add it there first");
            }
            result = deployer.deploy(dryRun, Optional.ofNullable(one).map(o -> o.add));
        }
        return result.ok() ? 0 : 1;
    }

    /** The server jar to install: --jar, the inventory's, or the one running this; empty from classes. */
    private Optional<Path> serverJar(Inventory inventory) {
        if (jar != null) {
            if (!GantryInstall.serverJar(jar)) {
                throw new CliException(jar + " is not Gantry's server jar (build it with `mvn -Pproduction package`:"
                        + " target/gantry.jar); the CLI-only jar cannot run the server");
            }
            return Optional.of(jar.toAbsolutePath());
        }
        if (inventory.gantry().jar().isPresent()) {
            return inventory.gantry().jar();
        }
        String classpath = System.getProperty("java.class.path", "");
        Path running = Path.of(classpath.split(java.io.File.pathSeparator)[0]);
        return classpath.endsWith(".jar") && !classpath.contains(java.io.File.pathSeparator)
                && GantryInstall.serverJar(running) ? Optional.of(running.toAbsolutePath()) : Optional.empty();
    }

    private DeployApi api(Inventory inventory) throws IOException {
        String server = inventory.gantry().url();
        Optional<String> token;
        if (tokenFile != null) {
            token = Optional.of(Files.readString(tokenFile).strip());
        } else {
            try {
                token = ApiClient.forServer(server).token();
            } catch (CliException e) {
                if (inventory.gantry().adminPasswordFile().isEmpty()) {
                    throw e;
                }
                // the deploy signs in with the inventory's administrator password once Gantry answers
                token = Optional.empty();
            }
        }
        ApiClient[] client = {new ApiClient(server, token)};
        return new DeployApi() {
            @Override
            public Optional<JsonNode> get(String path) throws IOException {
                return client[0].getIfFound(path);
            }

            @Override
            public JsonNode put(String path, Object body) throws IOException {
                return client[0].putJson(path, body);
            }

            @Override
            public JsonNode post(String path, Object body) throws IOException {
                return client[0].postJson(path, body);
            }

            @Override
            public JsonNode delete(String path) throws IOException {
                return client[0].delete(path);
            }

            @Override
            public boolean signedIn() {
                return client[0].token().isPresent();
            }

            @Override
            public void signIn(String username, String password) throws IOException {
                JsonNode response = new ApiClient(server, Optional.empty()).postJson("/api/v2/authn/basic/login",
                        Map.of("username", username, "password", password, "expiration", 24 * 3600));
                client[0] = new ApiClient(server, Optional.of(response.path("token").asText()));
            }
        };
    }
}
