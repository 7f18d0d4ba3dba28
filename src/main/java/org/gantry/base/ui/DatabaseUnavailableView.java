package org.gantry.base.ui;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.ParentLayout;
import jakarta.annotation.security.PermitAll;
import jakarta.servlet.http.HttpServletResponse;
import org.gantry.base.db.DatabaseHealth;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Shown inside the app shell, instead of a stack trace, when a view cannot open because the
 * database is unreachable (no connection for its transaction).
 */
@ParentLayout(MainLayout.class)
@PermitAll
public class DatabaseUnavailableView extends ErrorPage implements HasErrorParameter<CannotCreateTransactionException> {

    static final String ID = "database-unavailable";
    /** What every page says while the database is down. */
    public static final String MESSAGE = "The database is not reachable; Gantry retries on its own. Running jobs keep"
            + " running. Reload this page in a few seconds; nothing you saved is lost.";

    private final DatabaseHealth health;

    public DatabaseUnavailableView(DatabaseHealth health) {
        super(ID, VaadinIcon.PLUG.create());
        this.health = health;
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<CannotCreateTransactionException> parameter) {
        return showOutage(this, health, parameter.getCaughtException());
    }

    static int showOutage(ErrorPage page, DatabaseHealth health, Exception caught) {
        health.failed(caught);
        page.show("Database unreachable", MESSAGE);
        return HttpServletResponse.SC_SERVICE_UNAVAILABLE;
    }
}
