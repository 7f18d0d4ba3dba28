package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.Console;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gantry login}: signs in with a password and keeps the (7-day) token as a cluster of
 * clusters.yaml, named after the server's host unless {@code --alias} names it; {@code gantry
 * cluster add} does the same with a lasting application token.
 */
@Command(name = "login", description = {"Sign in to a Gantry server and remember it as a cluster with a 7-day token.",
        "`gantry cluster add` does the same with a token that lasts until you revoke it."})
class LoginCommand implements Callable<Integer> {

    @Option(names = "--server", description = "Gantry's address, e.g. http://localhost:8080", required = true)
    String server;

    @Option(names = {"-u", "--user"}, description = "Username", required = true)
    String username;

    @Option(names = "--alias", description = "The cluster's alias (default: the server's host name)")
    String alias;

    @Option(names = "--password-stdin", description = "Read the password from standard input")
    boolean passwordStdin;

    @Override
    public Integer call() throws Exception {
        String address = ClusterAddCommand.checkedServer(server);
        String password = readPassword();
        ApiClient api = new ApiClient(address, Optional.empty());
        JsonNode response = api.postJson("/api/v2/authn/basic/login",
                Map.of("username", username, "password", password, "expiration", 7 * 24 * 3600));
        String name = alias != null ? alias : Clusters.load().onServer(address).map(Clusters.Cluster::alias)
                .orElseGet(() -> URI.create(address).getHost());
        ClusterAddCommand.register(name, address, username, response.path("token").asText(), System.out);
        Clusters clusters = Clusters.load();
        clusters.use(name);
        clusters.save();
        System.out.println("Signed in to " + address + " as " + username);
        return 0;
    }

    private String readPassword() throws Exception {
        if (passwordStdin) {
            return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
        Console console = System.console();
        if (console == null) {
            throw new CliException("No terminal to ask for the password: use --password-stdin");
        }
        return new String(console.readPassword("Password for %s: ", username));
    }
}
