package org.gantry.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.server.menu.MenuEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

class MenuNavigationTest {

    @Test
    void writes_an_item_per_entry_with_its_icon_and_escapes_what_it_writes() {
        String html = MenuNavigation.html(List.of(
                new MenuEntry("", "Jobs", 0.0, "vaadin:tasks", null),
                new MenuEntry("help/cheat-sheet", "Tips & <tricks>", 1.0, null, null),
                new MenuEntry("x\"onclick=\"alert(1)", "Quoted", 2.0, "not-an-icon-set", null)));

        assertThat(html).isEqualTo("<vaadin-side-nav>"
                + "<vaadin-side-nav-item path=\"\"><vaadin-icon slot=\"prefix\" icon=\"vaadin:tasks\"></vaadin-icon>"
                + "Jobs</vaadin-side-nav-item>"
                + "<vaadin-side-nav-item path=\"help/cheat-sheet\">Tips &amp; &lt;tricks&gt;</vaadin-side-nav-item>"
                + "<vaadin-side-nav-item path=\"x&quot;onclick=&quot;alert(1)\">Quoted</vaadin-side-nav-item>"
                + "</vaadin-side-nav>");
    }
}
