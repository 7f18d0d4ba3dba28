package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import java.util.TreeSet;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageInfo;
import org.gantry.storage.StorageKind;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.gantry.storage.StorageService;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Storages in OpenPAI's shape, the caller's only: {@code share} is false for the personal
 * storage, {@code volumeName} is the storage's name, and no answer carries credentials.
 */
@RestController
@RequestMapping("/api/v2/storages")
@Tag(name = "storage", description = "API endpoint for storage")
class StorageController {

    private final StorageService storages;

    StorageController(StorageService storages) {
        this.storages = storages;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "Get the storages the caller may use")
    Map<String, Object> list(@RequestParam(name = "default", required = false) Boolean onlyDefault) {
        List<Map<String, Object>> list = storages.mine().stream()
                .filter(s -> onlyDefault == null || !onlyDefault || s.isDefault())
                .map(StorageController::summary).toList();
        return Map.of("storages", list);
    }

    @GetMapping("/{name}")
    @Operation(summary = "Get a storage's configuration, without credentials")
    Map<String, Object> get(@PathVariable String name) {
        StorageInfo storage = storages.find(name);
        Map<String, Object> json = summary(storage);
        // OpenPAI's type names its Kubernetes volume kinds; every Gantry kind is "other" there, and "kind" says which.
        json.put("type", "other");
        json.put("kind", storage.kind().name().toLowerCase(Locale.ROOT));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rootUri", storage.rootUri());
        data.put("description", storage.description());
        json.put("data", data);
        json.put("readOnly", storage.readOnly());
        json.put("mountPath", storage.mountPath());
        json.put("groups", storage.groups().stream().sorted().toList());
        json.put("mountedOn", storage.mountedOn().stream().sorted().toList());
        return json;
    }

    /** What an administrator sends to register or change a storage; {@code credentials} absent keeps the stored ones. */
    record StorageBody(String name, String kind, String rootUri, String credentials, Boolean readOnly,
                       @JsonProperty("default") Boolean isDefault, String mountPath, List<String> groups,
                       String description, List<String> mountedOn) {
    }

    @PostMapping({"", "/"})
    @Operation(summary = "Register a storage (administrators)")
    ResponseEntity<Map<String, Object>> create(@RequestBody StorageBody body) {
        if (body.name() != null && storages.all().stream().anyMatch(s -> s.name().equals(body.name().trim()))) {
            throw new ApiException(HttpStatus.CONFLICT, "ConflictStorageError", "Storage " + body.name() + " exists already.");
        }
        StorageInfo saved = storages.save(settings(body.name(), body));
        return ResponseEntity.status(HttpStatus.CREATED).body(get(saved.name()));
    }

    @PutMapping("/{name}")
    @Operation(summary = "Change a storage (administrators)")
    Map<String, Object> update(@PathVariable String name, @RequestBody StorageBody body) {
        if (storages.all().stream().noneMatch(s -> s.name().equals(name))) {
            throw new StorageException(StorageException.Kind.NO_STORAGE, "Storage " + name + " is not found.");
        }
        return get(storages.save(settings(name, body)).name());
    }

    @DeleteMapping("/{name}")
    @Operation(summary = "Remove a storage from Gantry (administrators); its files stay where they are")
    Map<String, Object> delete(@PathVariable String name) {
        if (!storages.delete(name)) {
            throw new StorageException(StorageException.Kind.NO_STORAGE, "Storage " + name + " is not found.");
        }
        return Map.of("message", "Storage " + name + " is removed.");
    }

    private static StorageService.StorageSettings settings(String name, StorageBody body) {
        StorageKind kind;
        try {
            kind = StorageKind.valueOf((body.kind() == null ? "" : body.kind()).trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("kind is local, sftp or vfs");
        }
        return new StorageService.StorageSettings(name, kind, body.rootUri(), body.credentials(),
                Boolean.TRUE.equals(body.readOnly()), Boolean.TRUE.equals(body.isDefault()), body.mountPath(),
                new TreeSet<>(body.groups() == null ? List.of() : body.groups()), body.description(),
                new TreeSet<>(body.mountedOn() == null ? List.of() : body.mountedOn()));
    }

    private static Map<String, Object> summary(StorageInfo storage) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", storage.name());
        json.put("share", !storage.personal());
        json.put("volumeName", storage.name());
        json.put("default", storage.isDefault());
        return json;
    }
}
