package org.gantry.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Optional;

/**
 * Gantry's REST API as the deploy uses it, signed in as an administrator. Implemented by the
 * CLI's client; an error answer is an exception whose message is the server's reason.
 */
public interface DeployApi {

    /** The JSON at {@code path}; empty on 404. */
    Optional<JsonNode> get(String path) throws IOException;

    JsonNode put(String path, Object body) throws IOException;

    JsonNode post(String path, Object body) throws IOException;

    JsonNode delete(String path) throws IOException;

    /** Whether requests carry an administrator's token (a token file, or {@code gantry login}'s). */
    boolean signedIn();

    /** Signs in with a password; later requests carry the token it gets. */
    void signIn(String username, String password) throws IOException;
}
