package org.gantry.security;

import java.util.Optional;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

/** Who is asking, for services and views. */
@Component
public class CurrentUser {

    /** The authenticated username, if any. */
    public Optional<String> username() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth == null || !auth.isAuthenticated() || "anonymousUser".equals(auth.getName())) {
            return Optional.empty();
        }
        return Optional.of(auth.getName());
    }

    public String require() {
        return username().orElseThrow(() -> new IllegalStateException("No authenticated user"));
    }

    public boolean hasRole(Role role) {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        return auth != null && auth.getAuthorities().stream()
                .anyMatch(a -> a.getAuthority().equals("ROLE_" + role.name()));
    }

    public boolean isAdmin() {
        return hasRole(Role.ADMIN);
    }

    /** Refuses unless the caller is signed in as {@code username}. */
    public void checkIsSelf(String username) {
        if (!username().map(name -> name.equals(username)).orElse(false)) {
            throw new AccessDeniedException("Only " + username + " may do this");
        }
    }

    /** Refuses unless the caller is signed in as {@code username} or is an administrator. */
    public void checkIsSelfOrAdmin(String username) {
        if (!isAdmin()) {
            checkIsSelf(username);
        }
    }
}
