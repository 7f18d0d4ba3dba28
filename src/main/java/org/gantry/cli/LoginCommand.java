package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.Console;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gantry login}: signs in once and keeps the token for later commands. */
@Command(name = "login", description = "Sign in to a Gantry server and remember the token.")
class LoginCommand implements Callable<Integer> {

    @Option(names = "--server", description = "Gantry's address, e.g. http://localhost:8080", required = true)
    String server;

    @Option(names = {"-u", "--user"}, description = "Username", required = true)
    String username;

    @Option(names = "--password-stdin", description = "Read the password from standard input")
    boolean passwordStdin;

    @Override
    public Integer call() throws Exception {
        String password = readPassword();
        ApiClient api = new ApiClient(server, Optional.empty());
        JsonNode response = api.postJson("/api/v2/authn/basic/login",
                Map.of("username", username, "password", password, "expiration", 7 * 24 * 3600));
        new CliConfig(server, username, response.path("token").asText()).save();
        System.out.println("Signed in to " + server + " as " + username);
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
