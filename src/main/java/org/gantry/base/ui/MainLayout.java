package org.gantry.base.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.DetachEvent;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.spring.security.AuthenticationContext;
import jakarta.annotation.security.PermitAll;
import org.gantry.base.db.DatabaseHealth;

/**
 * The app shell: a side navigation built from the views' {@code @Menu} annotations, showing
 * only the entries the signed-in user may open, and a banner while the database is unreachable.
 */
@Layout
@PermitAll
public class MainLayout extends AppLayout {

    private final DatabaseHealth database;
    private final Div databaseBanner = new Div();
    private Runnable stopListening = () -> { };

    public MainLayout(AuthenticationContext authentication, DatabaseHealth database) {
        this.database = database;
        setPrimarySection(Section.DRAWER);
        H2 title = new H2("Gantry");
        title.getStyle().set("font-size", "var(--lumo-font-size-l)").set("margin", "var(--lumo-space-m)");
        addToDrawer(title, MenuNavigation.forCurrentUser());

        Span user = new Span(authentication.getPrincipalName().orElse(""));
        user.setId("current-user");
        Button logout = new Button("Sign out", VaadinIcon.SIGN_OUT.create(), e -> authentication.logout());
        logout.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        logout.setId("logout");
        HorizontalLayout bar = new HorizontalLayout(new DrawerToggle(), new Span(), user, logout);
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.CENTER);
        bar.expand(bar.getComponentAt(1));
        bar.getStyle().set("padding-right", "var(--lumo-space-m)");

        databaseBanner.setId("database-banner");
        databaseBanner.setText("The database is unreachable; retrying… Running jobs keep running; what you"
                + " change now cannot be saved until it answers.");
        databaseBanner.getElement().setAttribute("role", "alert");
        databaseBanner.getStyle().set("background", "var(--lumo-error-color)").set("color", "var(--lumo-error-contrast-color)")
                .set("padding", "var(--lumo-space-xs) var(--lumo-space-m)").set("font-size", "var(--lumo-font-size-s)")
                .set("box-sizing", "border-box").set("width", "100%");
        databaseBanner.setVisible(!database.isAvailable());
        Div navbar = new Div(bar, databaseBanner);
        navbar.getStyle().set("display", "flex").set("flex-direction", "column").set("width", "100%");
        addToNavbar(navbar);
    }

    @Override
    protected void onAttach(AttachEvent event) {
        super.onAttach(event);
        UI ui = event.getUI();
        databaseBanner.setVisible(!database.isAvailable());
        // the listener runs on the probe's thread: the change reaches the browser by push
        stopListening = database.addListener(up -> ui.access(() -> databaseBanner.setVisible(!up)));
    }

    @Override
    protected void onDetach(DetachEvent event) {
        stopListening.run();
        super.onDetach(event);
    }
}
