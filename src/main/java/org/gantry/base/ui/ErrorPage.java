package org.gantry.base.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

/** The body of an error view inside the app shell: what happened, and a way back to the job list. */
class ErrorPage extends VerticalLayout {

    final H2 title = new H2();
    final Paragraph message = new Paragraph();
    final Anchor home = new Anchor(".", "Back to the job list");

    ErrorPage(String id, Icon icon) {
        setId(id);
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        setSizeFull();
        icon.setSize("var(--lumo-icon-size-l)");
        icon.setColor("var(--lumo-secondary-text-color)");
        message.getStyle().set("color", "var(--lumo-secondary-text-color)").set("text-align", "center")
                .set("max-width", "32em");
        // Handled by the client-side router: no page reload, the session's UI stays.
        home.getElement().setAttribute("router-link", true);
        home.setId("error-home");
        add(icon, title, message, home);
    }

    void show(String heading, String text) {
        title.setText(heading);
        message.setText(text);
    }
}
