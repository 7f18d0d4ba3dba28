package org.gantry.base.ui;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.ParentLayout;
import jakarta.annotation.security.PermitAll;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Shown for an unknown URL, and for a job or other item that does not exist or is not the
 * user's to see (those views reroute here with a message naming it), inside the app shell.
 */
@ParentLayout(MainLayout.class)
@PermitAll
public class NotFoundView extends ErrorPage implements HasErrorParameter<NotFoundException> {

    public NotFoundView() {
        super("not-found", VaadinIcon.QUESTION_CIRCLE_O.create());
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<NotFoundException> parameter) {
        String path = "/" + event.getLocation().getPath();
        // A view's own message names what it looked for ("No job alice~x"); Vaadin's own is the route list.
        String reason = parameter.hasCustomMessage() ? parameter.getCustomMessage() + "." : "";
        show("Page not found", (reason.isEmpty() ? "There is no page at " + path + "." : reason)
                + " Check the address, or go back to the job list.");
        return HttpServletResponse.SC_NOT_FOUND;
    }
}
