package org.gantry.security;

import java.time.Instant;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;

/**
 * What a presented bearer token stands for: the columns a REST call's authentication needs,
 * read in one query without loading the token's and its account's entities.
 */
public record PresentedToken(long id, ApiToken.Kind kind, Instant expiresAt, Instant lastUsedAt, Instant revokedAt,
                             String username, boolean enabled, Role role) {

    /** Unrevoked, unexpired, and its user enabled. */
    boolean isUsableAt(Instant now) {
        return revokedAt == null && (expiresAt == null || expiresAt.isAfter(now)) && enabled;
    }

    UserDetails toDetails() {
        return User.withUsername(username).password("").disabled(!enabled)
                .authorities(AuthorityUtils.createAuthorityList(role.authorities())).build();
    }
}
