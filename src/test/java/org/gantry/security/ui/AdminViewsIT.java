package org.gantry.security.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.H2;
import java.util.List;
import java.util.Set;
import org.gantry.base.ui.MenuNavigation;
import org.gantry.base.ui.AccessDeniedView;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.gantry.security.VirtualCluster;
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
    @Autowired
    GroupService groups;

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
        assertThat(_get(MenuNavigation.class).titles())
                .contains("Jobs")
                .noneMatch(label -> label.startsWith("Admin"));

        UI.getCurrent().navigate("admin/users");
        assertThat(_find(UserAdminView.class)).isEmpty();
        _get(AccessDeniedView.class);
        _get(H2.class, spec -> spec.withText("No access"));
    }

    @Test
    void an_admin_sees_the_admin_navigation() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate("");
        assertThat(_get(MenuNavigation.class).titles())
                .contains("Jobs", "Admin: users", "Admin: groups", "Admin: virtual clusters");
    }

    @Test
    void the_administrator_is_offered_no_disable_on_their_own_row() {
        // Regression: Disable was offered on the signed-in administrator's own row.
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        users.create("ursula", "ursula-password", Role.USER, "", Set.of("default"));
        UI.getCurrent().navigate(UserAdminView.class);
        UserAdminView view = _get(UserAdminView.class);
        assertThat(actionsOf(view, "admin")).doesNotContain("Disable");
        assertThat(actionsOf(view, "ursula")).contains("Edit", "Disable");
    }

    @Test
    void groups_list_their_members_refuse_deletion_while_they_have_some_and_show_errors_on_the_field() {
        // Regression: groups had no delete and no member list, and a validation error was a toast.
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(GroupAdminView.class);
        GroupAdminView view = _get(GroupAdminView.class);
        assertThat(view.delete.isEnabled()).isFalse();

        view.name.setValue("bad name!");
        _click(view.save);
        assertThat(view.name.isInvalid()).isTrue();
        assertThat(view.name.getErrorMessage()).contains("letters, digits");

        view.name.setValue("empty-group");
        _click(view.save);
        assertThat(view.name.isInvalid()).isFalse();
        view.grid.select(groups.group("empty-group").orElseThrow());
        assertThat(view.members.getText()).isEqualTo("No members.");
        assertThat(view.delete.isEnabled()).isTrue();
        _click(view.delete);
        assertThat(groups.group("empty-group")).isEmpty();

        users.create("member-of-default", "member-password", Role.USER, "", Set.of("default"));
        view.grid.select(groups.group("default").orElseThrow());
        assertThat(view.members.getText()).contains("member-of-default");
        assertThat(view.delete.isEnabled()).isFalse();
    }

    @Test
    void virtual_clusters_show_their_executor_capacity_and_use_instead_of_infinite_quotas() {
        // Regression: the list showed "∞ cpu · ∞ MB · ∞ gpu" and no capacity or current use.
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(VirtualClusterAdminView.class);
        VirtualClusterAdminView view = _get(VirtualClusterAdminView.class);
        VirtualCluster local = groups.virtualCluster("default").orElseThrow();
        assertThat(cell(view, local, "quota")).doesNotContain("∞");
        assertThat(cell(view, local, "executor")).startsWith("local");
        assertThat(cell(view, local, "capacity")).matches("\\d+ cpu · [\\d,]+ MB · \\d+ gpu");
        assertThat(cell(view, local, "used")).matches("\\d+ cpu · [\\d,]+ MB · \\d+ gpu");
    }

    @Test
    void an_ssh_virtual_cluster_names_several_hosts_in_order_and_lists_each_with_whether_it_takes_tasks() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(VirtualClusterAdminView.class);
        VirtualClusterAdminView view = _get(VirtualClusterAdminView.class);
        String name = "hosts-" + System.nanoTime() % 100000;
        view.name.setValue(name);
        view.executor.setValue("ssh");
        view.target.setValue(" vh2 , vh1 ");

        view.save();

        VirtualCluster saved = groups.virtualCluster(name).orElseThrow();
        assertThat(saved.getExecutorTarget()).isEqualTo("vh2,vh1");
        assertThat(cell(view, saved, "hosts")).isEqualTo("vh2 (takes no new task: no SSH host vh2 is registered)"
                + " 0 cpu · 0 MB · 0 gpu (not measured); vh1 (takes no new task: no SSH host vh1 is registered)"
                + " 0 cpu · 0 MB · 0 gpu (not measured)");
        view.target.setValue("vh1,vh1");
        view.save();
        assertThat(groups.virtualCluster(name).orElseThrow().getExecutorTarget()).isEqualTo("vh2,vh1");
    }

    /** The labels of the visible buttons in a user's row. */
    private static List<String> actionsOf(UserAdminView view, String username) {
        List<UserAccount> rows = view.grid.getListDataView().getItems().toList();
        int row = rows.indexOf(rows.stream().filter(u -> u.getUsername().equals(username)).findFirst().orElseThrow());
        return GridKt._getCellComponent(view.grid, row, "actions").getChildren().filter(Component::isVisible)
                .map(button -> ((Button) button).getText()).toList();
    }

    private static String cell(VirtualClusterAdminView view, VirtualCluster vc, String key) {
        return GridKt._getFormatted(view.grid.getColumnByKey(key), vc);
    }
}
