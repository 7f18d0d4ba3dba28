package org.gantry.setup.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouterLink;
import com.vaadin.flow.server.VaadinServletRequest;
import jakarta.annotation.security.PermitAll;
import java.net.URI;
import java.util.Optional;
import org.gantry.base.shell.Bash;
import org.gantry.security.ApiToken;
import org.gantry.security.CurrentUser;
import org.gantry.security.TokenService;
import org.gantry.setup.ServerAddress;

/**
 * The commands that set up the CLI on the user's own machine, with this server's address and
 * the user's name filled in, and a button that creates an application token for it.
 */
@Route("setup/cli")
@PageTitle("Use from your machine · Gantry")
@Menu(title = "Use from your machine", order = 70, icon = "vaadin:laptop")
@PermitAll
class UseFromYourMachineView extends VerticalLayout {

    static final String TOKEN_LABEL = "gantry CLI (from the setup page)";

    private final TokenService tokens;
    private final String username;
    private final String server;
    private final String alias;
    final Button createToken = new Button("Create a token for the CLI", VaadinIcon.KEY.create());
    final Div tokenResult = new Div();

    UseFromYourMachineView(ServerAddress address, CurrentUser currentUser, TokenService tokens) {
        this.tokens = tokens;
        this.username = currentUser.require();
        this.server = address.of(VaadinServletRequest.getCurrent().getHttpServletRequest());
        this.alias = alias(server);
        setMaxWidth("64em");
        setSpacing(false);
        getStyle().set("gap", "var(--lumo-space-s)");

        add(new H2("Use from your machine"), new Paragraph("The gantry command line client submits, follows and"
                + " enters your jobs from your own terminal. It runs on Linux and macOS with Java 17 or newer."));

        add(new H3("1. Install the CLI"), new CopyableCommand("install-command",
                "curl -fsSL " + server + "/cli/install.sh | bash"));
        Anchor jar = new Anchor(server + "/cli/gantry.jar", "gantry.jar");
        jar.getElement().setAttribute("download", true);
        add(new Paragraph(new Span("It puts gantry in ~/.local/bin with bash completion, needs no root, and says"
                + " what it did; run it again to update. Without curl, use wget -qO- instead of curl -fsSL. Or"
                + " download "), jar, new Span(" and run java -jar gantry.jar.")));

        add(new H3("2. Add this cluster"), new CopyableCommand("add-command",
                addCommand() + " --user " + Bash.quoteIfNeeded(username)));
        add(new Paragraph("It asks for your password once and keeps a token (not the password) in"
                + " ~/.config/gantry/clusters.yaml, readable only by you. No password to type, e.g. in a script?"
                + " Create a token here and add the cluster with it:"));
        createToken.setId("create-cli-token");
        createToken.addClickListener(e -> createToken());
        tokenResult.setWidthFull();
        add(createToken, tokenResult);

        RouterLink cheatSheet = new RouterLink("cheat sheet", CheatSheetView.class);
        add(new H3("3. Try it"), new CopyableCommand("try-command", "gantry job list"),
                new Paragraph(new Span("More commands, the REST API and the job YAML on one page: the "), cheatSheet,
                        new Span(".")));
    }

    private void createToken() {
        TokenService.IssuedToken issued = tokens.issue(username, ApiToken.Kind.APPLICATION, TOKEN_LABEL,
                Optional.empty());
        tokenResult.removeAll();
        tokenResult.add(new CopyableCommand("token-command", addCommand() + " --user " + Bash.quoteIfNeeded(username)
                + " --token " + issued.value()), new Paragraph("Shown once: Gantry keeps only a hash of the token."
                + " It never expires; revoke it under Settings: tokens when the machine no longer needs it."));
    }

    private String addCommand() {
        return "gantry cluster add --alias " + alias + " --uri " + server;
    }

    /** A short alias from the server's host name: its first label, or the whole address of an IP. */
    static String alias(String server) {
        String host = Optional.ofNullable(URI.create(server).getHost()).orElse("gantry");
        String name = host.matches("[0-9.]+|\\[.*]") ? host : host.split("\\.")[0];
        String cleaned = name.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("^[^A-Za-z0-9]+", "");
        return cleaned.isEmpty() ? "gantry" : cleaned;
    }
}
