package org.gantry.base.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.router.BeforeEvent;
import com.vaadin.flow.router.HasUrlParameter;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Test stand-in for a view whose query meets an unreachable database: it throws, as it opens,
 * the exception a real view gets in each shape the outage takes (the database itself cannot be
 * stopped under the test context that the other tests share).
 */
@Route("test/outage")
@PermitAll
class OutageRaisingView extends Div implements HasUrlParameter<String> {

    @Override
    public void setParameter(BeforeEvent event, String shape) {
        throw switch (shape) {
            // a server shutting down or killed: Spring's translation of SQL state 57P01 / 08006
            case "shutdown" -> new TransientDataAccessResourceException("PreparedStatementCallback",
                    new SQLException("FATAL: terminating connection due to administrator command", "57P01"));
            // a view bean whose constructor's transaction found no connection in the pool
            case "bean" -> new BeanCreationException("jobListView", "Failed to instantiate",
                    new CannotCreateTransactionException("Could not open JPA EntityManager for transaction",
                            new SQLTransientConnectionException("HikariPool-1 - Connection is not available, "
                                    + "request timed out after 5000ms")));
            default -> new IllegalStateException("a failure that is not an outage: " + shape);
        };
    }
}
