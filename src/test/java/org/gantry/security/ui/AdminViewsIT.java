package org.gantry.security.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.sidenav.SideNavItem;
import java.util.Set;
import org.gantry.security.Role;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class AdminViewsIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    UserService users;

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void admin_creates_a_user_in_the_users_view() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(UserAdminView.class);
        _click(_get(com.vaadin.flow.component.button.Button.class, spec -> spec.withId("new-user")));
        UserDialog dialog = _get(UserDialog.class);
        dialog.username.setValue("alice");
        dialog.password.setValue("alice-password");
        dialog.role.setValue(Role.INSTRUCTOR);
        dialog.groups.setValue(Set.of("default"));
        _click(dialog.save);

        UserAccount alice = users.find("alice").orElseThrow();
        assertThat(alice.getRole()).isEqualTo(Role.INSTRUCTOR);
        assertThat(alice.virtualClusterNames()).containsExactly("default");
        assertThat(GridKt._size(_get(UserAdminView.class).grid)).isGreaterThanOrEqualTo(2);
    }

    @Test
    void a_user_sees_no_admin_navigation_and_cannot_open_admin_views() {
        KaribuSupport.signIn(context, "admin", Role.USER);
        UI.getCurrent().navigate("");
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getLabel)
                .contains("Jobs")
                .noneMatch(label -> label.startsWith("Admin"));

        UI.getCurrent().navigate("admin/users");
        assertThat(_find(UserAdminView.class)).isEmpty();
    }

    @Test
    void an_admin_sees_the_admin_navigation() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate("");
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getLabel)
                .contains("Jobs", "Admin: users", "Admin: groups", "Admin: virtual clusters");
    }
}
