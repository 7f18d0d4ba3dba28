package org.gantry.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/** Gantry's REST API v2 as the CLI uses it: JSON in and out, errors turned into one line. */
public class ApiClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String server;
    private final Optional<String> token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public ApiClient(String server, Optional<String> token) {
        this.server = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        this.token = token;
    }

    public static ApiClient fromConfig() throws IOException {
        return of(CliConfig.require());
    }

    /** The client signed in as {@code config} says. */
    static ApiClient of(CliConfig config) {
        return new ApiClient(config.server(), Optional.of(config.token()));
    }

    /** The signed-in client for {@code server}, which must be the server {@code gantry login} signed in to. */
    static ApiClient forServer(String server) throws IOException {
        if (!server.matches("(?i)https?://[^/\\s]+.*")) {
            throw new CliException("Not a server address: " + server + " (write it as http://host:port)");
        }
        CliConfig config = CliConfig.requireFor(server);
        return new ApiClient(server, Optional.of(config.token()));
    }

    /** The token requests carry; empty when not signed in. */
    Optional<String> token() {
        return token;
    }

    public JsonNode get(String path) throws IOException {
        return json(send(request(path).GET(), "application/json"));
    }

    /** The JSON at {@code path}, or empty when the server has no such route or resource (404). */
    public Optional<JsonNode> getIfFound(String path) throws IOException {
        try {
            return Optional.of(json(send(request(path).GET(), "application/json", true)));
        } catch (NotFound e) {
            return Optional.empty();
        }
    }

    public JsonNode delete(String path) throws IOException {
        return json(send(request(path).DELETE(), "application/json"));
    }

    public String getText(String path) throws IOException {
        return send(request(path).GET(), "*/*");
    }

    /** Streams a download to {@code target} (replaced); an error answer leaves no file and says why. */
    public void download(String path, java.nio.file.Path target) throws IOException {
        try {
            HttpResponse<java.io.InputStream> response = http.send(request(path).header("Accept", "*/*").build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (java.io.InputStream in = response.body()) {
                if (response.statusCode() >= 400) {
                    String body = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
                    throw new CliException(errorMessage(response.statusCode(), body));
                }
                java.nio.file.Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (ConnectException e) {
            throw new CliException("Cannot reach Gantry at " + server);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    public JsonNode postJson(String path, Object body) throws IOException {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        return json(send(request, "application/json"));
    }

    public JsonNode putJson(String path, Object body) throws IOException {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        return json(send(request, "application/json"));
    }

    public JsonNode postText(String path, String contentType, String body) throws IOException {
        HttpRequest.Builder request = request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return json(send(request, "application/json"));
    }

    public static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode json(String response) {
        if (response.isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(response);
        } catch (JsonProcessingException e) {
            throw new CliException(server + " did not answer with JSON: is it Gantry?");
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server + path)).timeout(Duration.ofSeconds(60));
        token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private String send(HttpRequest.Builder request, String accept) throws IOException {
        return send(request, accept, false);
    }

    /** A 404 that the caller asked to see as such. */
    private static final class NotFound extends RuntimeException {
        NotFound() {
            super(null, null, false, false);
        }
    }

    private String send(HttpRequest.Builder request, String accept, boolean notFoundAsEmpty) throws IOException {
        try {
            HttpResponse<String> response = http.send(request.header("Accept", accept).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 401 && token.isPresent()) {
                throw new CliException("Gantry at " + server + " does not accept your token (it expired or was"
                        + " revoked): sign in again with `gantry login --server " + server + " --user NAME`");
            }
            if (response.statusCode() == 404 && notFoundAsEmpty) {
                throw new NotFound();
            }
            if (response.statusCode() >= 400) {
                throw new CliException(errorMessage(response));
            }
            return response.body();
        } catch (ConnectException e) {
            throw new CliException("Cannot reach Gantry at " + server);
        } catch (IllegalArgumentException e) {
            throw new CliException("Not a server address: " + server + " (write it as http://host:port)");
        } catch (HttpTimeoutException e) {
            throw new CliException("Gantry at " + server + " did not answer in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static String errorMessage(HttpResponse<String> response) {
        return errorMessage(response.statusCode(), response.body() == null ? "" : response.body());
    }

    private static String errorMessage(int status, String body) {
        try {
            JsonNode json = JSON.readTree(body);
            if (json != null && json.hasNonNull("message")) {
                return status + " " + json.path("code").asText("") + ": " + json.get("message").asText();
            }
        } catch (IOException ignored) {
            // not JSON: fall through to the raw body
        }
        return status + ": " + (body.length() > 500 ? body.substring(0, 500) + "…" : body);
    }
}
