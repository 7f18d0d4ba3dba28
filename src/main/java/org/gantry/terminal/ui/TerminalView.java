package org.gantry.terminal.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinSession;
import jakarta.annotation.security.PermitAll;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.gantry.terminal.BrowserTerminal;
import org.gantry.terminal.BrowserTerminals;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalSize;

/**
 * A task's shell in the browser: {@code jobs/alice~train/terminal/worker/0}. The page's URL
 * gains {@code ?session=<id>}, so a reload or a dropped network comes back to the same shell
 * with its output while the server keeps it (gantry.terminal.detached-grace).
 */
@Route("jobs/:job/terminal/:role?/:index?([0-9]{1,6})")
@PermitAll
class TerminalView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    static final String SESSION_PARAMETER = "session";

    private final BrowserTerminals terminals;
    private final CurrentUser currentUser;
    private final SshGateway gateway;
    private String title = "Terminal · Gantry";

    TerminalView(BrowserTerminals terminals, CurrentUser currentUser, SshGateway gateway) {
        this.terminals = terminals;
        this.currentUser = currentUser;
        this.gateway = gateway;
        setSizeFull();
        setPadding(false);
        setSpacing(false);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        removeAll();
        String username = currentUser.require();
        TaskRoute route;
        try {
            String job = event.getRouteParameters().get("job").orElse("");
            String role = event.getRouteParameters().get("role").map(r -> "~" + r).orElse("");
            String index = event.getRouteParameters().get("index").map(i -> "~" + i).orElse("");
            route = TaskRoute.parse(job + role + index);
        } catch (IllegalArgumentException e) {
            add(new Span(e.getMessage()));
            return;
        }
        Location location = event.getLocation();
        Optional<BrowserTerminal> resumed = location.getQueryParameters().getSingleParameter(SESSION_PARAMETER)
                .flatMap(id -> terminals.find(id, username))
                .filter(terminal -> terminal.route().equals(route));
        BrowserTerminal terminal;
        try {
            terminal = resumed.orElseGet(() -> terminals.open(username, clientAddress(), route, TerminalSize.DEFAULT));
        } catch (IllegalStateException e) {
            add(new Span(e.getMessage()));
            return;
        }
        if (resumed.isEmpty()) {
            Location withSession = new Location(location.getSegments(),
                    QueryParameters.simple(Map.of(SESSION_PARAMETER, terminal.id())));
            event.getUI().getPage().getHistory().replaceState(null, withSession);
        }
        title = route.describe() + " · Terminal · Gantry";
        GantryTerminal screen = new GantryTerminal(terminal.id());
        screen.setId("terminal");
        screen.setSizeFull();
        add(header(route, terminal), screen);
        setFlexGrow(1, screen);
    }

    private HorizontalLayout header(TaskRoute route, BrowserTerminal terminal) {
        H3 heading = new H3(route.describe());
        heading.getStyle().set("margin", "0");
        Span ssh = new Span(gateway.sshCommand(route));
        ssh.getStyle().set("font-family", "monospace").set("font-size", "var(--lumo-font-size-s)")
                .set("color", "var(--lumo-secondary-text-color)");
        ssh.setTitle("The same shell from your own terminal, with a key from Settings › SSH keys");
        Anchor keys = new Anchor("settings/ssh-keys", "SSH keys");
        Button close = new Button("Close", VaadinIcon.CLOSE_SMALL.create(), e -> {
            terminal.close();
            getUI().ifPresent(ui -> ui.getPage().getHistory().back());
        });
        close.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        close.setId("close-terminal");
        HorizontalLayout header = new HorizontalLayout(heading, ssh, keys, close);
        header.setWidthFull();
        header.setAlignItems(FlexComponent.Alignment.BASELINE);
        header.expand(keys);
        header.getStyle().set("padding", "var(--lumo-space-s) var(--lumo-space-m)");
        return header;
    }

    private static String clientAddress() {
        VaadinSession session = VaadinSession.getCurrent();
        return session == null || session.getBrowser() == null || session.getBrowser().getAddress() == null
                ? "unknown" : session.getBrowser().getAddress();
    }

    @Override
    public String getPageTitle() {
        return title;
    }
}
