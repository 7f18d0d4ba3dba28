package org.gantry.security;

import java.time.Instant;
import org.springframework.security.core.userdetails.UserDetails;

/**
 * What a presented bearer token stands for: the columns a REST call's authentication needs,
 * read in one query without loading the token's and its account's entities.
 */
public record PresentedToken(long id, ApiToken.Kind kind, Instant expiresAt, Instant lastUsedAt, Instant revokedAt,
                             String username, boolean enabled, Role role) {

    /** As {@link ApiToken#isUsableAt}. */
    boolean isUsableAt(Instant now) {
        return ApiToken.isUsable(revokedAt, expiresAt, enabled, now);
    }

    UserDetails toDetails() {
        return GantryUserDetailsService.toDetails(username, "", enabled, role);
    }
}
