package org.gantry.base.ui;

import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import com.vaadin.flow.spring.security.AuthenticationContext;
import jakarta.annotation.security.PermitAll;

/**
 * The app shell: a side navigation built from the views' {@code @Menu} annotations, showing
 * only the entries the signed-in user may open.
 */
@Layout
@PermitAll
public class MainLayout extends AppLayout {

    public MainLayout(AuthenticationContext authentication) {
        setPrimarySection(Section.DRAWER);
        H2 title = new H2("Gantry");
        title.getStyle().set("font-size", "var(--lumo-font-size-l)").set("margin", "var(--lumo-space-m)");
        addToDrawer(title, navigation());

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
        addToNavbar(bar);
    }

    private static SideNav navigation() {
        SideNav nav = new SideNav();
        // MenuConfiguration only lists entries whose view the current user may open.
        for (MenuEntry entry : MenuConfiguration.getMenuEntries()) {
            SideNavItem item = new SideNavItem(entry.title(), entry.path());
            if (entry.icon() != null && entry.icon().contains(":")) {
                String[] icon = entry.icon().split(":", 2);
                item.setPrefixComponent(new Icon(icon[0], icon[1]));
            }
            nav.addItem(item);
        }
        return nav;
    }
}
