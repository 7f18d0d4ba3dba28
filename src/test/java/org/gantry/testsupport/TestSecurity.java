package org.gantry.testsupport;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Supplier;
import org.gantry.security.Role;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * Signs a test in for direct service calls. Each Spring context in the test JVM has its own
 * security-context holder (Vaadin's, with its own thread-local), and the static holder points
 * only at the newest; so the authentication is set in every context's holder.
 */
public final class TestSecurity implements ApplicationListener<ContextRefreshedEvent> {

    private static final Set<SecurityContextHolderStrategy> STRATEGIES = new CopyOnWriteArraySet<>();

    /** Registered through META-INF/spring.factories on the test classpath. */
    @Override
    public void onApplicationEvent(ContextRefreshedEvent event) {
        event.getApplicationContext().getBeanProvider(SecurityContextHolderStrategy.class).ifAvailable(STRATEGIES::add);
    }

    public static <T> T as(String username, Role role, Supplier<T> action) {
        Authentication auth = UsernamePasswordAuthenticationToken.authenticated(username, null,
                AuthorityUtils.createAuthorityList(role.authorities()));
        List<SecurityContextHolderStrategy> holders = holders();
        holders.forEach(h -> h.getContext().setAuthentication(auth));
        try {
            return action.get();
        } finally {
            holders.forEach(SecurityContextHolderStrategy::clearContext);
        }
    }

    public static <T> T asAdmin(Supplier<T> action) {
        return as("admin", Role.ADMIN, action);
    }

    public static void asAdmin(Runnable action) {
        as("admin", Role.ADMIN, () -> {
            action.run();
            return null;
        });
    }

    private static List<SecurityContextHolderStrategy> holders() {
        Set<SecurityContextHolderStrategy> all = new LinkedHashSet<>(STRATEGIES);
        all.add(SecurityContextHolder.getContextHolderStrategy());
        return List.copyOf(all);
    }
}
