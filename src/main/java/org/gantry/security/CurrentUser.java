package org.gantry.security;

import java.util.Optional;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.stereotype.Component;

/**
 * Who is asking, for services and views. Reads the security context through this
 * application's own holder strategy (Vaadin registers one per application), not the
 * JVM-wide default that any other application started in the same JVM replaces.
 */
@Component
public class CurrentUser {

    private final SecurityContextHolderStrategy strategy;

    @Autowired
    public CurrentUser(ObjectProvider<SecurityContextHolderStrategy> strategies) {
        this.strategy = strategies.getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
    }

    /** Reads the JVM-wide default holder: for code outside a Spring application. */
    public CurrentUser() {
        this.strategy = SecurityContextHolder.getContextHolderStrategy();
    }

    /** The authenticated username, if any. */
    public Optional<String> username() {
        Authentication auth = strategy.getContext().getAuthentication();
        if (auth == null || !auth.isAuthenticated() || "anonymousUser".equals(auth.getName())) {
            return Optional.empty();
        }
        return Optional.of(auth.getName());
    }

    public String require() {
        return username().orElseThrow(() -> new IllegalStateException("No authenticated user"));
    }

    public boolean hasRole(Role role) {
        Authentication auth = strategy.getContext().getAuthentication();
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
