package org.gantry.base.ui;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.ParentLayout;
import jakarta.annotation.security.PermitAll;
import org.gantry.base.db.DatabaseHealth;
import org.springframework.dao.DataAccessResourceFailureException;

/** As {@link DatabaseUnavailableView}, for a connection lost in the middle of a view's query. */
@ParentLayout(MainLayout.class)
@PermitAll
public class DatabaseFailureView extends ErrorPage implements HasErrorParameter<DataAccessResourceFailureException> {

    private final DatabaseHealth health;

    public DatabaseFailureView(DatabaseHealth health) {
        super(DatabaseUnavailableView.ID, VaadinIcon.PLUG.create());
        this.health = health;
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<DataAccessResourceFailureException> parameter) {
        return DatabaseUnavailableView.showOutage(this, health, parameter.getCaughtException());
    }
}
