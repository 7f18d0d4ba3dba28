package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.gantry.security.PasswordLoginService;
import org.gantry.security.TokenService;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v2/authn/basic")
@Tag(name = "authn", description = "Authentication")
class AuthnController {

    private final PasswordLoginService logins;
    private final TokenService tokens;
    private final CurrentUser currentUser;

    AuthnController(PasswordLoginService logins, TokenService tokens, CurrentUser currentUser) {
        this.logins = logins;
        this.tokens = tokens;
        this.currentUser = currentUser;
    }

    @PostMapping(path = "/login", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    @Operation(summary = "Get an access token using username and password",
            description = "Failed logins are limited per account and per address; past the limit the answer is 429"
                    + " with Retry-After.")
    Map<String, Object> loginForm(@RequestParam(required = false) String username,
                                  @RequestParam(required = false) String password,
                                  @RequestParam(required = false) Long expiration, HttpServletRequest request) {
        return login(new LoginRequest(username, password, expiration), request);
    }

    @PostMapping(path = "/login", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Get an access token using username and password (JSON body)")
    Map<String, Object> loginJson(@RequestBody LoginRequest body, HttpServletRequest request) {
        return login(body, request);
    }

    private Map<String, Object> login(LoginRequest body, HttpServletRequest request) {
        if (body.username() == null || body.username().isBlank() || body.password() == null) {
            throw ApiException.invalid("username and password are required.");
        }
        Optional<Duration> expiration = Optional.ofNullable(body.expiration())
                .filter(seconds -> seconds > 0).map(Duration::ofSeconds);
        var result = logins.login(body.username(), body.password(), expiration, request.getRemoteAddr());
        return Map.of("token", result.token(), "user", result.username(), "admin", result.admin());
    }

    @DeleteMapping("/logout")
    @Operation(summary = "Log out: revoke the token this request carries")
    Map<String, String> logout(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        String raw = header == null || header.length() < 7 ? "" : header.substring(7).trim();
        // logout is open to anyone (it sits under /authn), so an absent or unknown token reaches this point
        // with a token that is not (or no longer) valid, OpenPAI's own words, which its clients check
        String username = currentUser.username().orElseThrow(() -> new ApiException(HttpStatus.UNAUTHORIZED,
                "UnauthorizedUserError", raw.isEmpty()
                        ? "Log out needs the token to revoke: send Authorization: Bearer <token>"
                                + " with a token that is still valid."
                        : "Your token is invalid."));
        tokens.revoke(username, raw);
        return Map.of("message", "Logout successfully");
    }

    record LoginRequest(String username, String password, Long expiration) {
    }
}
