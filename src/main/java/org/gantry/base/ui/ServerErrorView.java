package org.gantry.base.ui;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.ParentLayout;
import jakarta.annotation.security.PermitAll;
import jakarta.servlet.http.HttpServletResponse;
import org.gantry.base.db.DatabaseHealth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Any other failure while a view opens, in place of Vaadin's stack-trace page, inside the app
 * shell. Vaadin picks an error view by the exact class of the exception or of one of its
 * causes, else by the thrown exception's own superclasses: an unreachable database reaches a
 * view in many shapes (a bean that could not be created because its constructor's query found
 * no connection, Spring's {@code TransientDataAccessResourceException} for a server shutting
 * down, Hibernate's exceptions), and only this catch-all sees them all. It tells an outage by
 * the whole cause chain ({@code DatabaseOutage}) and shows the outage page then.
 */
@ParentLayout(MainLayout.class)
@PermitAll
public class ServerErrorView extends ErrorPage implements HasErrorParameter<Exception> {

    private static final Logger log = LoggerFactory.getLogger(ServerErrorView.class);

    private final DatabaseHealth health;

    public ServerErrorView(DatabaseHealth health) {
        super("server-error", VaadinIcon.WARNING.create());
        this.health = health;
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<Exception> parameter) {
        Exception caught = parameter.getCaughtException();
        if (health.failed(caught)) {
            setId(DatabaseUnavailableView.ID);
            return DatabaseUnavailableView.showOutage(this, health, caught);
        }
        log.error("Could not open /{}", event.getLocation().getPathWithQueryParameters(), caught);
        show("Something went wrong", "Gantry could not open this page because of an error on the server; "
                + "its log has the details. Try again, or go back to the job list.");
        return HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
    }
}
