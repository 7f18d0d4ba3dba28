package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gantry cluster add --alias A --uri URL --user U [--token T]}: checks that URL is a
 * Gantry that accepts the user, gets a token (an application token created with the user's
 * password when none is given), caches the user's virtual clusters and storages, and stores
 * the cluster in clusters.yaml.
 */
@Command(name = "add", description = {"Add a cluster (or replace the one of the same alias) after checking that it"
        + " answers and accepts you.",
        "Without --token it asks for your password (or reads it from standard input when there is no terminal) to"
                + " create an application token; the password is not stored. The first cluster becomes the current"
                + " one."})
class ClusterAddCommand implements Callable<Integer> {

    private static final String ALIAS = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";

    @Option(names = "--alias", required = true, description = "Short name for the cluster (letters, digits, . _ -)")
    String alias;

    @Option(names = "--uri", required = true, description = "Gantry's address, e.g. http://localhost:8080")
    String uri;

    @Option(names = {"--user", "-u"}, required = true, description = "Your user name there")
    String user;

    @Option(names = "--token", description = "A token of yours (Settings: tokens in the portal); else the password"
            + " is asked for")
    String token;

    @Override
    public Integer call() throws Exception {
        String server = checkedServer(uri);
        if (!alias.matches(ALIAS)) {
            throw new CliException("Alias `" + alias + "` is not usable: letters, digits, '.', '_' and '-' only,"
                    + " at most 64");
        }
        new ApiClient(server, Optional.empty()).get("/api/v2/info");
        String usable = token != null ? token.strip() : applicationToken(server, user, readPassword());
        register(alias, server, user, usable, System.out);
        return 0;
    }

    /** {@code uri} without a trailing slash, once it looks like a server's address. */
    static String checkedServer(String uri) {
        String server = uri.strip().replaceAll("/+$", "");
        if (!server.matches("(?i)https?://[^/\\s]+(/\\S*)?")) {
            throw new CliException("Not a server address: " + uri + " (write it as http://host:port)");
        }
        return server;
    }

    /**
     * Checks that {@code token} is {@code user}'s on {@code server}, caches what the user has there,
     * stores the cluster and makes it current when none is; prints what it did.
     */
    static void register(String alias, String server, String user, String token, PrintStream out) throws IOException {
        ApiClient api = new ApiClient(server, Optional.of(token));
        JsonNode account = api.get("/api/v2/users/" + ApiClient.encode(user));
        List<String> virtualClusters = new ArrayList<>();
        account.path("virtualCluster").forEach(vc -> virtualClusters.add(vc.asText()));
        Optional<List<String>> storages = api.getIfFound("/api/v2/storages").map(answer -> {
            List<String> names = new ArrayList<>();
            answer.path("storages").forEach(storage -> names.add(storage.path("name").asText()));
            return names;
        });
        Clusters clusters = Clusters.load();
        boolean replaced = clusters.put(new Clusters.Cluster(alias, server, user, token, virtualClusters, storages));
        boolean first = clusters.current().isEmpty();
        if (first) {
            clusters.use(alias);
        }
        clusters.save();
        out.println((replaced ? "Updated" : "Added") + " cluster " + alias + ": " + user + " at " + server);
        out.println("  virtual clusters: " + (virtualClusters.isEmpty() ? "none" : String.join(", ", virtualClusters)));
        out.println("  storages: " + storages.map(names -> names.isEmpty() ? "none" : String.join(", ", names))
                .orElse("not cached (this server has no storage API)"));
        out.println(first ? "Now using " + alias + "." : "Use it with `gantry cluster use " + alias + "`.");
    }

    /** Signs in with the password only to create a lasting application token, then signs that session out. */
    static String applicationToken(String server, String user, String password) throws IOException {
        ApiClient anonymous = new ApiClient(server, Optional.empty());
        String session = anonymous.postJson("/api/v2/authn/basic/login",
                Map.of("username", user, "password", password, "expiration", 300)).path("token").asText();
        ApiClient signedIn = new ApiClient(server, Optional.of(session));
        String application = signedIn.postJson("/api/v2/tokens/application", Map.of("label", label()))
                .path("token").asText();
        signedIn.delete("/api/v2/authn/basic/logout");
        return application;
    }

    private static String label() {
        try {
            return "gantry CLI on " + InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "gantry CLI";
        }
    }

    private String readPassword() throws IOException {
        Console console = System.console();
        if (console != null) {
            char[] typed = console.readPassword("Password for %s at %s: ", user, uri);
            if (typed == null || typed.length == 0) {
                throw new CliException("No password given: type it, or pass --token");
            }
            return new String(typed);
        }
        String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        if (line == null || line.isEmpty()) {
            throw new CliException("No token and no password: pass --token, or give the password on standard input");
        }
        return line;
    }
}
