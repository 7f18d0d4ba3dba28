package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.security.CurrentUser;
import org.gantry.terminal.SshKey;
import org.gantry.terminal.SshKeyException;
import org.gantry.terminal.SshKeyService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Gantry's addition: the caller's SSH public keys, which let them into their tasks through the gateway. */
@RestController
@RequestMapping("/api/v2/users/me/ssh-keys")
@Tag(name = "ssh-key", description = "Your SSH public keys for the SSH gateway")
class SshKeyController {

    private final SshKeyService keys;
    private final CurrentUser currentUser;

    SshKeyController(SshKeyService keys, CurrentUser currentUser) {
        this.keys = keys;
        this.currentUser = currentUser;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "List your SSH keys")
    List<Map<String, Object>> list() {
        return keys.list(currentUser.require()).stream().map(SshKeyController::json).toList();
    }

    @PostMapping({"", "/"})
    @Operation(summary = "Add an SSH public key", description = "Body {\"name\": \"laptop\", \"publicKey\": "
            + "\"ssh-ed25519 AAAA… you@laptop\"}; name optional (the key's comment). 201 with the key.")
    ResponseEntity<Map<String, Object>> add(@RequestBody AddKeyRequest body) {
        SshKey key = keys.add(currentUser.require(), body.name(), body.publicKey());
        return ResponseEntity.status(HttpStatus.CREATED).body(json(key));
    }

    @DeleteMapping("/{name}")
    @Operation(summary = "Delete one of your SSH keys")
    ResponseEntity<Map<String, Object>> delete(@PathVariable String name) {
        if (!keys.delete(currentUser.require(), name)) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND)
                    .body(Map.of("code", "NoSshKeyError", "message", "SSH key " + name + " is not found."));
        }
        return ResponseEntity.ok(Map.of("message", "SSH key " + name + " is deleted."));
    }

    @ExceptionHandler(SshKeyException.class)
    ResponseEntity<Map<String, Object>> refused(SshKeyException e) {
        return ResponseEntity.badRequest().body(Map.of("code", "InvalidParametersError", "message", e.getMessage()));
    }

    record AddKeyRequest(String name, String publicKey) {
    }

    private static Map<String, Object> json(SshKey key) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", key.getName());
        json.put("type", key.getKeyType());
        json.put("publicKey", key.getPublicKey());
        json.put("fingerprint", key.getFingerprint());
        json.put("createdTime", key.getCreatedAt().toEpochMilli());
        json.put("lastUsedTime", key.getLastUsedAt().map(java.time.Instant::toEpochMilli).orElse(null));
        return json;
    }
}
