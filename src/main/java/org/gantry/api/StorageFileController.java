package org.gantry.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.storage.FileEntry;
import org.gantry.storage.Listing;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageFiles;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageProperties;
import org.gantry.storage.StorageTransfers;
import org.gantry.storage.Transfer;
import org.gantry.storage.UploadRange;
import org.gantry.storage.UploadStatus;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Files of a storage: folders list in pages, files stream with {@code Range}, uploads stream
 * (resumable with {@code Content-Range}), and mkdir, copy, move, delete. Paths are decoded once
 * by Spring and normalized once by {@link StoragePath}; the storage service checks the caller.
 */
@RestController
@RequestMapping("/api/v2/storages/{name}")
@Tag(name = "storage", description = "API endpoint for storage")
class StorageFileController {

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d{0,19})-(\\d{0,19})");

    private final StorageFiles files;
    private final StorageTransfers transfers;
    private final StorageProperties properties;
    private final ObjectMapper json;

    StorageFileController(StorageFiles files, StorageTransfers transfers, StorageProperties properties, ObjectMapper json) {
        this.files = files;
        this.transfers = transfers;
        this.properties = properties;
        this.json = json;
    }

    @GetMapping("/files/{*path}")
    @Operation(summary = "List a folder (paged JSON), download a file (Range supported), a folder as zip (?format=zip),"
            + " one entry as JSON (?format=stat) or a file's SHA-256 (?format=sha256)")
    void get(@PathVariable String name, @PathVariable String path,
             @RequestParam(defaultValue = "0") int offset, @RequestParam(required = false) Integer limit,
             @RequestParam(required = false) String format,
             @RequestHeader(name = HttpHeaders.RANGE, required = false) String range,
             HttpServletResponse response) throws IOException {
        StoragePath target = StoragePath.of(path);
        FileEntry entry = files.stat(name, target).orElseThrow(() -> new StorageException(StorageException.Kind.NOT_FOUND,
                "No such file or folder: " + target));
        if ("stat".equals(format)) {
            response.setContentType("application/json");
            json.writeValue(response.getOutputStream(), json(entry));
            return;
        }
        if ("sha256".equals(format)) {
            if (entry.directory()) {
                throw ApiException.invalid(target + " is a folder: format=sha256 is for files");
            }
            String digest = sha256(name, target);
            response.setContentType("application/json");
            json.writeValue(response.getOutputStream(), Map.of("path", target.absolute(), "size", entry.size(),
                    "sha256", digest));
            return;
        }
        if (format != null && !"zip".equals(format)) {
            throw ApiException.invalid("format is zip, stat or sha256, not '" + format + "'");
        }
        if (entry.directory() && "zip".equals(format)) {
            response.setContentType("application/zip");
            response.setHeader(HttpHeaders.CONTENT_DISPOSITION, attachment((target.isRoot() ? name : target.name()) + ".zip"));
            files.zip(name, target, response.getOutputStream());
            return;
        }
        if (entry.directory()) {
            Listing listing = files.list(name, target, offset, limit == null ? properties.listPageSize() : limit);
            response.setContentType("application/json");
            Map<String, Object> page = new LinkedHashMap<>();
            page.put("path", listing.path().absolute());
            page.put("entries", listing.entries().stream().map(StorageFileController::json).toList());
            page.put("total", listing.total());
            page.put("next", listing.next().isPresent() ? listing.next().getAsInt() : null);
            json.writeValue(response.getOutputStream(), page);
            return;
        }
        download(name, target, entry, range, response);
    }

    /** Read on the server, so a client checks a download without reading the file twice over the network. */
    private String sha256(String name, StoragePath file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = files.read(name, file, 0)) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private void download(String name, StoragePath file, FileEntry entry, String range, HttpServletResponse response)
            throws IOException {
        long size = entry.size();
        long first = 0;
        long last = size - 1;
        boolean partial = false;
        Matcher matcher = range == null ? null : RANGE.matcher(range.trim());
        if (matcher != null && matcher.matches() && !(matcher.group(1).isEmpty() && matcher.group(2).isEmpty())) {
            if (matcher.group(1).isEmpty()) {
                first = Math.max(0, size - Long.parseLong(matcher.group(2)));
            } else {
                first = Long.parseLong(matcher.group(1));
                if (!matcher.group(2).isEmpty()) {
                    last = Math.min(last, Long.parseLong(matcher.group(2)));
                }
            }
            if (first >= size || first > last) {
                response.setStatus(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE.value());
                response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes */" + size);
                return;
            }
            partial = true;
        }
        long length = size == 0 ? 0 : last - first + 1;
        try (InputStream in = files.read(name, file, first)) {
            response.setStatus(partial ? HttpStatus.PARTIAL_CONTENT.value() : HttpStatus.OK.value());
            response.setHeader(HttpHeaders.ACCEPT_RANGES, "bytes");
            if (partial) {
                response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes " + first + "-" + last + "/" + size);
            }
            String type = URLConnection.guessContentTypeFromName(file.name());
            response.setContentType(type == null ? "application/octet-stream" : type);
            response.setHeader(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline()
                    .filename(file.name(), StandardCharsets.UTF_8).build().toString());
            response.setContentLengthLong(length);
            OutputStream out = response.getOutputStream();
            byte[] buffer = new byte[64 * 1024];
            long left = length;
            int n;
            while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
                out.write(buffer, 0, n);
                left -= n;
            }
        }
    }

    @PutMapping("/files/{*path}")
    @Operation(summary = "Upload a file (the body, streamed); Content-Range: bytes a-b/total for one piece of a resumable upload")
    ResponseEntity<Map<String, Object>> put(@PathVariable String name, @PathVariable String path,
                                            @RequestHeader(name = HttpHeaders.CONTENT_RANGE, required = false) String contentRange,
                                            HttpServletRequest request) throws IOException {
        StoragePath target = StoragePath.of(path);
        Optional<UploadRange> range = UploadRange.parse(contentRange);
        if (range.isEmpty()) {
            if (request.getContentLengthLong() > files.maxUploadBytes()) {
                throw new StorageException(StorageException.Kind.TOO_LARGE, "The file is larger than the "
                        + files.maxUploadBytes() + " bytes an upload may have.");
            }
            long size = files.write(name, target, request.getInputStream());
            return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("path", target.absolute(), "size", size));
        }
        UploadStatus status = files.upload(name, target, range.get(), request.getInputStream());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("path", target.absolute());
        json.put("received", status.received());
        json.put("total", status.total());
        json.put("complete", status.complete());
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status.complete() ? HttpStatus.CREATED : HttpStatus.OK);
        if (status.received() > 0) {
            answer.header(HttpHeaders.RANGE, "bytes=0-" + (status.received() - 1));
        }
        return answer.body(json);
    }

    @PostMapping("/files/{*path}")
    @Operation(summary = "op=mkdir creates a folder; op=copy|move&to=PATH[&toStorage=NAME] starts a background transfer")
    ResponseEntity<Map<String, Object>> post(@PathVariable String name, @PathVariable String path,
                                             @RequestParam String op, @RequestParam(required = false) String to,
                                             @RequestParam(required = false) String toStorage) {
        StoragePath target = StoragePath.of(path);
        switch (op) {
            case "mkdir" -> {
                files.mkdir(name, target);
                return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("path", target.absolute()));
            }
            case "copy", "move" -> {
                if (to == null || to.isBlank()) {
                    throw ApiException.invalid("op=" + op + " needs to=<path> (and toStorage=<name> for another storage)");
                }
                Transfer transfer = transfers.start(op.equals("move"), name, target,
                        toStorage == null || toStorage.isBlank() ? name : toStorage, StoragePath.of(to));
                return ResponseEntity.status(transfer.state() == Transfer.State.RUNNING ? HttpStatus.ACCEPTED : HttpStatus.OK)
                        .header(HttpHeaders.LOCATION, "/api/v2/storages/" + name + "/transfers/" + transfer.id())
                        .body(json(transfer));
            }
            default -> throw ApiException.invalid("op is mkdir, copy or move, not '" + op + "'");
        }
    }

    @DeleteMapping("/files/{*path}")
    @Operation(summary = "Delete a file or empty folder; recursive=true for a folder with everything in it")
    Map<String, Object> delete(@PathVariable String name, @PathVariable String path,
                               @RequestParam(defaultValue = "false") boolean recursive) {
        StoragePath target = StoragePath.of(path);
        int deleted = files.delete(name, target, recursive);
        return Map.of("path", target.absolute(), "deleted", deleted);
    }

    @GetMapping("/transfers/{id}")
    @Operation(summary = "A background copy's or move's progress")
    Map<String, Object> transfer(@PathVariable String name, @PathVariable String id) {
        return transfers.find(id).filter(t -> t.fromStorage().equals(name) || t.toStorage().equals(name))
                .map(StorageFileController::json).orElseThrow(() -> noTransfer(id));
    }

    @DeleteMapping("/transfers/{id}")
    @Operation(summary = "Cancel a background copy or move")
    Map<String, Object> cancel(@PathVariable String name, @PathVariable String id) {
        transfers.find(id).filter(t -> t.fromStorage().equals(name) || t.toStorage().equals(name))
                .orElseThrow(() -> noTransfer(id));
        return transfers.cancel(id).map(StorageFileController::json).orElseThrow(() -> noTransfer(id));
    }

    private static ApiException noTransfer(String id) {
        return new ApiException(HttpStatus.NOT_FOUND, "NoTransferError", "Transfer " + id + " is not found.");
    }

    private static String attachment(String filename) {
        return ContentDisposition.attachment().filename(filename, StandardCharsets.UTF_8).build().toString();
    }

    private static Map<String, Object> json(FileEntry entry) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", entry.name());
        json.put("type", entry.directory() ? "directory" : "file");
        json.put("size", entry.size());
        json.put("modified", entry.modified().map(Object::toString).orElse(null));
        return json;
    }

    private static Map<String, Object> json(Transfer t) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", t.id());
        json.put("operation", t.operation());
        json.put("from", Map.of("storage", t.fromStorage(), "path", t.from()));
        json.put("to", Map.of("storage", t.toStorage(), "path", t.to()));
        json.put("state", t.state().name());
        json.put("bytesDone", t.bytesDone());
        json.put("bytesTotal", t.bytesTotal());
        json.put("filesDone", t.filesDone());
        json.put("filesTotal", t.filesTotal());
        json.put("error", t.error().orElse(null));
        json.put("started", t.started().toString());
        json.put("ended", t.ended().map(Object::toString).orElse(null));
        return json;
    }
}
