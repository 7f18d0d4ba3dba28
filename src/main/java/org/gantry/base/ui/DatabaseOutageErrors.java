package org.gantry.base.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.server.DefaultErrorHandler;
import com.vaadin.flow.server.ErrorEvent;
import com.vaadin.flow.server.ErrorHandler;
import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinServiceInitListener;
import org.gantry.base.db.DatabaseHealth;
import org.springframework.stereotype.Component;

/**
 * An outage met after a view opened (a grid fetching its next page, a click that saves):
 * Vaadin's default handler would log a stack trace and leave the user guessing. This one
 * records the outage (the app shell's banner shows at once) and says in a notification that
 * nothing was saved; any other failure goes to Vaadin's default handler.
 */
@Component
class DatabaseOutageErrors implements VaadinServiceInitListener, ErrorHandler {

    static final String NOT_SAVED = "The database is not reachable; Gantry retries on its own. What you just did"
            + " was not saved: try again in a few seconds.";

    private final DatabaseHealth health;
    private final ErrorHandler fallback = new DefaultErrorHandler();

    DatabaseOutageErrors(DatabaseHealth health) {
        this.health = health;
    }

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addSessionInitListener(init -> init.getSession().setErrorHandler(this));
    }

    @Override
    public void error(ErrorEvent event) {
        if (health.failed(event.getThrowable())) {
            if (UI.getCurrent() != null) {
                Notifications.error(NOT_SAVED);
            }
            return;
        }
        fallback.error(event);
    }
}
