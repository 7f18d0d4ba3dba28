package org.gantry.base.ui;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.AccessDeniedException;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.ParentLayout;
import com.vaadin.flow.server.VaadinRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.servlet.http.HttpServletResponse;
import java.security.Principal;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shown, inside the app shell, when a signed-in user opens a view their role does not allow
 * (Vaadin's navigation access control reroutes there); the refusal is logged.
 */
@ParentLayout(MainLayout.class)
@PermitAll
public class AccessDeniedView extends ErrorPage implements HasErrorParameter<AccessDeniedException> {

    private static final Logger log = LoggerFactory.getLogger(AccessDeniedView.class);

    public AccessDeniedView() {
        super("access-denied", VaadinIcon.LOCK.create());
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<AccessDeniedException> parameter) {
        String path = "/" + event.getLocation().getPath();
        String user = Optional.ofNullable(VaadinRequest.getCurrent()).map(VaadinRequest::getUserPrincipal)
                .map(Principal::getName).orElse("?");
        log.warn("Refused view {} to user '{}': {}", path, user,
                parameter.hasCustomMessage() ? parameter.getCustomMessage() : "access denied");
        show("No access", "Your account may not open " + path + ". If you need it, ask an administrator"
                + " for the role; otherwise go back to the job list.");
        return HttpServletResponse.SC_FORBIDDEN;
    }
}
