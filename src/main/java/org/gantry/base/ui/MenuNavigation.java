package org.gantry.base.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.dependency.Uses;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import java.util.List;
import org.springframework.web.util.HtmlUtils;

/**
 * The side navigation: a {@code vaadin-side-nav} with an item per view the signed-in user may
 * open ({@link MenuConfiguration} lists only those), written as one piece of HTML. The browser's
 * side navigation highlights the current item and navigates by itself, so the server keeps one
 * state node for the whole menu instead of three per item (item, label, icon) with a listener
 * each: 40 of a job list session's 128 nodes (docs/decisions/0101-ui-session-state.md).
 */
@Uses(SideNav.class)
@Uses(SideNavItem.class)
@Uses(Icon.class)
public class MenuNavigation extends Html {

    private final List<String> titles;

    private MenuNavigation(List<MenuEntry> entries) {
        super(html(entries));
        this.titles = entries.stream().map(MenuEntry::title).toList();
    }

    /** The entries the current user may open. */
    public static MenuNavigation forCurrentUser() {
        return new MenuNavigation(MenuConfiguration.getMenuEntries());
    }

    /** The items' titles, in order. */
    public List<String> titles() {
        return titles;
    }

    static String html(List<MenuEntry> entries) {
        StringBuilder html = new StringBuilder("<vaadin-side-nav>");
        for (MenuEntry entry : entries) {
            html.append("<vaadin-side-nav-item path=\"").append(escape(entry.path())).append("\">");
            if (entry.icon() != null && entry.icon().contains(":")) {
                html.append("<vaadin-icon slot=\"prefix\" icon=\"").append(escape(entry.icon())).append("\"></vaadin-icon>");
            }
            html.append(escape(entry.title())).append("</vaadin-side-nav-item>");
        }
        return html.append("</vaadin-side-nav>").toString();
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
