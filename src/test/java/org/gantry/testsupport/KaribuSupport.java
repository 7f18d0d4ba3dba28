package org.gantry.testsupport;

import com.github.mvysny.fakeservlet.FakeRequest;
import com.github.mvysny.kaributesting.v10.MockVaadin;
import com.github.mvysny.kaributesting.v10.Routes;
import com.github.mvysny.kaributesting.v10.spring.MockSpringServlet;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinServlet;
import com.vaadin.flow.server.VaadinServletRequest;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.gantry.security.Role;
import org.springframework.context.ApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.core.userdetails.User;

/** Runs Gantry's views in Karibu's in-memory Vaadin, signed in as a given user. */
public final class KaribuSupport {

    private static final Routes ROUTES = discoverRoutes();
    private static SecurityContextHolderStrategy strategy = SecurityContextHolder.getContextHolderStrategy();

    private KaribuSupport() {
    }

    /** Starts a mock UI in the Spring context, signed in as {@code username} with {@code role}. */
    public static void signIn(ApplicationContext context, String username, Role role) {
        signIn(context, servlet(context), username, role);
    }

    /** Karibu's servlet for the Spring context; one may serve many sessions ({@link #signIn} each). */
    public static VaadinServlet servlet(ApplicationContext context) {
        return new MockSpringServlet(ROUTES, context, UI::new);
    }

    /**
     * Starts a new mock session and UI on {@code servlet}, signed in as {@code username}. The
     * previous session on this thread stays open for whoever still holds it.
     */
    public static void signIn(ApplicationContext context, VaadinServlet servlet, String username, Role role) {
        List<String> roles = role.authorities();
        var principal = User.withUsername(username).password("-")
                .authorities(AuthorityUtils.createAuthorityList(roles)).build();
        var auth = UsernamePasswordAuthenticationToken.authenticated(principal, null, principal.getAuthorities());
        // The application's own holder: another application started in this JVM (tests do)
        // replaces the JVM-wide default, which this one's method security does not read.
        strategy = context.getBeanProvider(SecurityContextHolderStrategy.class)
                .getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
        strategy.getContext().setAuthentication(auth);
        SecurityContextHolder.getContext().setAuthentication(auth);
        MockVaadin.setup(UI::new, servlet);
        FakeRequest request = (FakeRequest) VaadinServletRequest.getCurrent().getRequest();
        request.setUserPrincipalInt(auth);
        request.setUserInRole((p, r) -> roles.contains("ROLE_" + r));
    }

    /**
     * Like Karibu's discovery, but also finds the package-private views that STYLE.md asks for,
     * and Gantry's error views (not found, access denied).
     */
    private static Routes discoverRoutes() {
        try (ScanResult scan = new ClassGraph().enableAnnotationInfo().ignoreClassVisibility()
                .acceptPackages("org.gantry").scan()) {
            Set<Class<? extends Component>> views = new HashSet<>();
            views.addAll(scan.getClassesWithAnnotation(Route.class).loadClasses(Component.class));
            views.addAll(scan.getClassesWithAnnotation(Layout.class).loadClasses(Component.class));
            Set<Class<? extends HasErrorParameter<?>>> errorViews = new HashSet<>();
            for (Class<?> view : scan.getClassesImplementing(HasErrorParameter.class).loadClasses()) {
                @SuppressWarnings("unchecked")
                Class<? extends HasErrorParameter<?>> errorView = (Class<? extends HasErrorParameter<?>>) view;
                errorViews.add(errorView);
            }
            return new Routes(views, errorViews, true);
        }
    }

    public static void signOut() {
        MockVaadin.tearDown();
        strategy.clearContext();
        SecurityContextHolder.clearContext();
    }
}
