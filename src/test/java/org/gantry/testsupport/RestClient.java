package org.gantry.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/** Talks to a running Gantry's REST API over real HTTP, as a given user. */
public final class RestClient {

    public static final String ADMIN_PASSWORD = "admin-test-password";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final Optional<String> token;

    private RestClient(String base, Optional<String> token) {
        this.base = base;
        this.token = token;
    }

    public static RestClient anonymous(int port) {
        return new RestClient("http://127.0.0.1:" + port, Optional.empty());
    }

    public static RestClient admin(int port) {
        return anonymous(port).login("admin", ADMIN_PASSWORD);
    }

    /** A new USER account in the {@code default} group, signed in. */
    public static RestClient newUser(int port, String prefix) {
        String name = prefix + "-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 30), 36);
        String password = "pw-" + name;
        Response created = admin(port).postJson("/api/v2/users", Map.of("username", name, "password", password,
                "admin", false, "virtualCluster", List.of("default")));
        if (created.status() != 201) {
            throw new IllegalStateException("Could not create " + name + ": " + created);
        }
        return anonymous(port).login(name, password);
    }

    public RestClient login(String username, String password) {
        Response response = send(HttpRequest.newBuilder(uri("/api/v2/authn/basic/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=" + encode(username) + "&password="
                        + encode(password) + "&expiration=4000")));
        if (response.status() != 200) {
            throw new IllegalStateException("Login of " + username + " failed: " + response);
        }
        return new RestClient(base, Optional.of(response.json().get("token").asText()));
    }

    /** The same server, authenticating with the given bearer token. */
    public RestClient withToken(String bearer) {
        return new RestClient(base, Optional.of(bearer));
    }

    public String username() {
        return get("/api/v2/users/me").json().get("username").asText();
    }

    public String token() {
        return token.orElseThrow();
    }

    public Response get(String path) {
        return send(authorized(HttpRequest.newBuilder(uri(path))).GET());
    }

    public Response delete(String path) {
        return send(authorized(HttpRequest.newBuilder(uri(path))).DELETE());
    }

    public Response postYaml(String path, String yaml) {
        return send(authorized(HttpRequest.newBuilder(uri(path))).header("Content-Type", "text/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(yaml, StandardCharsets.UTF_8)));
    }

    /** Submits a job over {@code POST /api/v2/jobs}; its name once accepted (202), else an exception. */
    public String submit(String yaml) {
        Response response = postYaml("/api/v2/jobs", yaml);
        if (response.status() != 202) {
            throw new IllegalStateException("job not accepted: " + response);
        }
        return yaml.lines().filter(l -> l.startsWith("name: ")).findFirst().orElseThrow().substring(6).trim();
    }

    public Response post(String path, String contentType, String body) {
        return send(authorized(HttpRequest.newBuilder(uri(path))).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    public Response put(String path, String contentType, String body) {
        return send(authorized(HttpRequest.newBuilder(uri(path))).header("Content-Type", contentType)
                .PUT(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    /** Uploads one file as the multipart field {@code file}, as a browser's upload form sends it. */
    public Response postFile(String path, String fileName, String contentType, byte[] content) {
        String boundary = "gantry-boundary-" + System.nanoTime();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                + "\"\r\nContent-Type: " + contentType + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return send(authorized(HttpRequest.newBuilder(uri(path)))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
    }

    public Response postJson(String path, Object body) {
        return sendJson("POST", path, body);
    }

    public Response putJson(String path, Object body) {
        return sendJson("PUT", path, body);
    }

    public Response deleteJson(String path, Object body) {
        return sendJson("DELETE", path, body);
    }

    private Response sendJson(String method, String path, Object body) {
        try {
            return send(authorized(HttpRequest.newBuilder(uri(path))).header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder authorized(HttpRequest.Builder request) {
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return request;
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body(),
                    response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Retry-After"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** A response: status, body, content type. */
    public record Response(int status, String body, String contentType, Optional<String> retryAfter) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException("Not JSON: " + body, e);
            }
        }

        @Override
        public String toString() {
            return status + " " + (body.length() > 2000 ? body.substring(0, 2000) + "…" : body);
        }
    }
}
