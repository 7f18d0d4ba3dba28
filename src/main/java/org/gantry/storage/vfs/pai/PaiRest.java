package org.gantry.storage.vfs.pai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * The storage routes of Gantry's REST API v2 ({@code /api/v2/storages/…}) for one server and
 * token. Every error becomes a {@link PaiException} with the server's message.
 */
final class PaiRest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 1000;

    private final String server;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    PaiRest(String server, String token) {
        this.server = server.replaceAll("/+$", "");
        this.token = token;
    }

    /** A page of a folder and the offset of the next, if any. */
    record Page(List<PaiEntry> entries, OptionalInt next) {
    }

    /** What the server holds of an upload: bytes received, and whether the file is in place. */
    record Received(long received, boolean complete) {
    }

    List<String> storages() throws PaiException {
        JsonNode body = json(send(request("/api/v2/storages").GET()));
        List<String> names = new ArrayList<>();
        body.path("storages").forEach(storage -> names.add(storage.path("name").asText()));
        return names;
    }

    Optional<PaiEntry> stat(String storage, String path) throws PaiException {
        HttpResponse<InputStream> response = send(request(files(storage, path) + "?format=stat").GET(), true);
        if (response.statusCode() == 404) {
            drain(response);
            return Optional.empty();
        }
        return Optional.of(entry(json(response)));
    }

    Page list(String storage, String path, int offset) throws PaiException {
        JsonNode body = json(send(request(files(storage, path) + "?offset=" + offset + "&limit=" + PAGE).GET()));
        List<PaiEntry> entries = new ArrayList<>();
        body.path("entries").forEach(entry -> entries.add(entry(entry)));
        return new Page(entries, body.path("next").isNumber() ? OptionalInt.of(body.get("next").asInt())
                : OptionalInt.empty());
    }

    InputStream read(String storage, String path) throws PaiException {
        return send(request(files(storage, path)).GET()).body();
    }

    /** A file's bytes from {@code first} on; {@code partial} false when the server sent the whole file instead. */
    record Bytes(InputStream body, boolean partial) {
    }

    /** Reads a file from byte {@code first} on ({@code Range: bytes=first-}); from 0 it is a plain read. */
    Bytes readFrom(String storage, String path, long first) throws PaiException {
        HttpRequest.Builder request = request(files(storage, path)).timeout(Duration.ofHours(24)).GET();
        if (first > 0) {
            request.header("Range", "bytes=" + first + "-");
        }
        HttpResponse<InputStream> response = send(request);
        return new Bytes(response.body(), first > 0 && response.statusCode() == 206);
    }

    String sha256(String storage, String path) throws PaiException {
        return json(send(request(files(storage, path) + "?format=sha256").GET())).path("sha256").asText();
    }

    /** Asks how much of an upload of {@code total} bytes has arrived ({@code Content-Range: bytes * /total}). */
    Received probe(String storage, String path, long total) throws PaiException {
        JsonNode body = json(send(request(files(storage, path)).header("Content-Range", "bytes */" + total)
                .PUT(HttpRequest.BodyPublishers.noBody())));
        return new Received(body.path("received").asLong(), body.path("complete").asBoolean());
    }

    /** Sends bytes {@code first}… of a {@code total}-byte file as one piece; the body has the rest of the file. */
    Received piece(String storage, String path, long first, long total, Supplier<InputStream> body) throws PaiException {
        HttpRequest.Builder request = request(files(storage, path)).timeout(Duration.ofHours(24))
                .header("Content-Range", "bytes " + first + "-" + (total - 1) + "/" + total)
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(body),
                        total - first));
        JsonNode answer = json(send(request));
        return new Received(answer.path("received").asLong(), answer.path("complete").asBoolean());
    }

    /** Writes a whole file from a body of unknown length (chunked). */
    void write(String storage, String path, Supplier<InputStream> body) throws PaiException {
        drain(send(request(files(storage, path)).timeout(Duration.ofHours(24))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofInputStream(body))));
    }

    void mkdir(String storage, String path) throws PaiException {
        drain(send(request(files(storage, path) + "?op=mkdir").POST(HttpRequest.BodyPublishers.noBody())));
    }

    int delete(String storage, String path, boolean recursive) throws PaiException {
        return json(send(request(files(storage, path) + "?recursive=" + recursive).DELETE())).path("deleted").asInt();
    }

    /** Copies or moves on the server and waits until it is done. */
    void transfer(boolean move, String storage, String path, String toStorage, String to) throws PaiException {
        JsonNode transfer = json(send(request(files(storage, path) + "?op=" + (move ? "move" : "copy") + "&to="
                + encode(to) + "&toStorage=" + encode(toStorage)).POST(HttpRequest.BodyPublishers.noBody())));
        String id = transfer.path("id").asText();
        while ("RUNNING".equals(transfer.path("state").asText())) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PaiException("Interrupted while the server copies", e);
            }
            transfer = json(send(request("/api/v2/storages/" + encode(storage) + "/transfers/" + encode(id)).GET()));
        }
        if (!"SUCCEEDED".equals(transfer.path("state").asText())) {
            throw new PaiException(409, (move ? "Moving " : "Copying ") + storage + path + " "
                    + transfer.path("state").asText().toLowerCase() + ": " + transfer.path("error").asText(""));
        }
    }

    private static PaiEntry entry(JsonNode json) {
        Optional<Instant> modified = Optional.empty();
        if (json.hasNonNull("modified")) {
            try {
                modified = Optional.of(Instant.parse(json.get("modified").asText()));
            } catch (DateTimeParseException e) {
                // a time the client cannot read is shown as none
            }
        }
        return new PaiEntry(json.path("name").asText(), "directory".equals(json.path("type").asText()),
                json.path("size").asLong(), modified);
    }

    private String files(String storage, String path) {
        StringBuilder url = new StringBuilder("/api/v2/storages/").append(encode(storage)).append("/files");
        boolean root = true;
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                url.append('/').append(encode(segment));
                root = false;
            }
        }
        return root ? url.append('/').toString() : url.toString();
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(server + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token).header("Accept", "application/json, */*");
    }

    private HttpResponse<InputStream> send(HttpRequest.Builder request) throws PaiException {
        return send(request, false);
    }

    private HttpResponse<InputStream> send(HttpRequest.Builder request, boolean notFoundIsAnswer) throws PaiException {
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (ConnectException e) {
            throw new PaiException("Cannot reach Gantry at " + server, e);
        } catch (IOException e) {
            throw new PaiException("The connection to " + server + " broke: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PaiException("Interrupted while talking to " + server, e);
        }
        int status = response.statusCode();
        if (status < 400 || (status == 404 && notFoundIsAnswer)) {
            return response;
        }
        String message;
        try (InputStream body = response.body()) {
            JsonNode json = JSON.readTree(body.readNBytes(64 * 1024));
            message = json != null && json.hasNonNull("message") ? json.get("message").asText() : "";
        } catch (IOException e) {
            message = "";
        }
        if (status == 401) {
            message = "Gantry at " + server + " does not accept the token (it expired or was revoked)";
        }
        throw new PaiException(status, message.isBlank() ? "Gantry answered " + status : message);
    }

    private static JsonNode json(HttpResponse<InputStream> response) throws PaiException {
        try (InputStream body = response.body()) {
            byte[] bytes = body.readAllBytes();
            return bytes.length == 0 ? JSON.createObjectNode() : JSON.readTree(bytes);
        } catch (IOException e) {
            throw new PaiException("Gantry's answer could not be read: " + e.getMessage(), e);
        }
    }

    private static void drain(HttpResponse<InputStream> response) throws PaiException {
        json(response);
    }
}
