package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.ApiToken;
import org.gantry.security.CurrentUser;
import org.gantry.security.TokenService;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The caller's tokens. Gantry keeps only hashes, so the list names tokens by handle
 * ({@code token-id-42}) instead of their values; revoking takes either.
 * See docs/decisions/0003-rest-api-v2.md.
 */
@RestController
@RequestMapping("/api/v2/tokens")
@Tag(name = "token", description = "API endpoint for token")
class TokenController {

    private final TokenService tokens;
    private final CurrentUser currentUser;

    TokenController(TokenService tokens, CurrentUser currentUser) {
        this.tokens = tokens;
        this.currentUser = currentUser;
    }

    @GetMapping
    @Operation(summary = "List your usable tokens",
            description = "tokens holds a handle per token (only hashes are stored); details describes each.")
    Map<String, Object> list() {
        List<ApiToken> usable = tokens.usableTokens(currentUser.require());
        return Map.of("tokens", usable.stream().map(TokenService::handle).toList(),
                "details", usable.stream().map(TokenController::details).toList());
    }

    @DeleteMapping("/{token}")
    @Operation(summary = "Revoke a token, given by its value or its handle")
    Map<String, String> revoke(@PathVariable String token) {
        if (!tokens.revokeByValueOrHandle(currentUser.require(), token)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "NoTokenError", "No such active token of yours.");
        }
        return Map.of("message", "revoke successfully");
    }

    @PostMapping("/application")
    @Operation(summary = "Create an application token", description = "Never expires; revoke it when done. "
            + "Its value is shown only in this answer.")
    Map<String, Object> createApplicationToken(@RequestBody(required = false) Map<String, Object> body) {
        Object label = body == null ? null : body.get("label");
        String text = label instanceof String s ? s.strip() : "application";
        if (text.length() > ApiToken.LABEL_MAX) {
            throw ApiException.invalid("A token label has at most " + ApiToken.LABEL_MAX + " characters.");
        }
        var issued = tokens.issue(currentUser.require(), ApiToken.Kind.APPLICATION, text, Optional.empty());
        return Map.of("token", issued.value(), "application", true, "handle", TokenService.handle(issued.token()));
    }

    private static Map<String, Object> details(ApiToken token) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("handle", TokenService.handle(token));
        map.put("application", token.getKind() == ApiToken.Kind.APPLICATION);
        map.put("label", token.getLabel());
        map.put("createdTime", token.getCreatedAt().toEpochMilli());
        map.put("expirationTime", token.getExpiresAt().map(Instant::toEpochMilli).orElse(null));
        map.put("lastUsedTime", token.getLastUsedAt().map(Instant::toEpochMilli).orElse(null));
        return map;
    }
}
