package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
        CliConfig config = CliConfig.require();
        return new ApiClient(config.server(), Optional.of(config.token()));
    }

    public JsonNode get(String path) throws IOException {
        return JSON.readTree(send(request(path).GET(), "application/json"));
    }

    public String getText(String path) throws IOException {
        return send(request(path).GET(), "*/*");
    }

    public JsonNode postJson(String path, Object body) throws IOException {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        String response = send(request, "application/json");
        return response.isBlank() ? JSON.createObjectNode() : JSON.readTree(response);
    }

    public JsonNode postText(String path, String contentType, String body) throws IOException {
        HttpRequest.Builder request = request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        String response = send(request, "application/json");
        return response.isBlank() ? JSON.createObjectNode() : JSON.readTree(response);
    }

    public static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server + path)).timeout(Duration.ofSeconds(60));
        token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private String send(HttpRequest.Builder request, String accept) throws IOException {
        try {
            HttpResponse<String> response = http.send(request.header("Accept", accept).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 400) {
                throw new CliException(errorMessage(response));
            }
            return response.body();
        } catch (ConnectException e) {
            throw new CliException("Cannot reach Gantry at " + server);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static String errorMessage(HttpResponse<String> response) {
        try {
            JsonNode body = JSON.readTree(response.body());
            if (body.hasNonNull("message")) {
                return response.statusCode() + " " + body.path("code").asText("") + ": " + body.get("message").asText();
            }
        } catch (IOException ignored) {
            // not JSON: fall through to the raw body
        }
        String body = response.body() == null ? "" : response.body();
        return response.statusCode() + ": " + (body.length() > 500 ? body.substring(0, 500) + "…" : body);
    }
}
