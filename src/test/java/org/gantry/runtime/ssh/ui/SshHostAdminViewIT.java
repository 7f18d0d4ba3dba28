package org.gantry.runtime.ssh.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import org.gantry.runtime.ssh.SshHost;
import org.gantry.runtime.ssh.SshHostService;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class SshHostAdminViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    SshHostService hosts;

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void an_admin_registers_an_ssh_host_that_executors_find_by_alias() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(SshHostAdminView.class);
        SshHostAdminView view = _get(SshHostAdminView.class);
        view.alias.setValue("gpu-box");
        view.host.setValue("gpu1.lab.example");
        view.port.setValue(2222);
        view.username.setValue("runner");
        view.keyPath.setValue("/etc/gantry/keys/gpu-box");
        view.save();

        assertThat(hosts.find("gpu-box")).hasValueSatisfying(target -> {
            assertThat(target.host()).isEqualTo("gpu1.lab.example");
            assertThat(target.port()).isEqualTo(2222);
            assertThat(target.baseDir()).isEqualTo(".gantry");
        });
        assertThat(GridKt._size(view.grid)).isGreaterThanOrEqualTo(1);
    }

    @Test
    void a_key_path_must_be_absolute() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(SshHostAdminView.class);
        SshHostAdminView view = _get(SshHostAdminView.class);
        view.alias.setValue("relative-key");
        view.host.setValue("h");
        view.username.setValue("u");
        view.keyPath.setValue("keys/id");
        view.save();

        assertThat(hosts.find("relative-key")).isEmpty();
    }

    @Test
    void delete_waits_for_a_host_selected_in_the_table() {
        // Regression: Delete with nothing selected said "Deleted SSH host" in green and deleted nothing.
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(SshHostAdminView.class);
        SshHostAdminView view = _get(SshHostAdminView.class);
        assertThat(view.delete.isEnabled()).isFalse();
        view.alias.setValue("old-box");
        view.host.setValue("old.lab.example");
        view.username.setValue("runner");
        view.keyPath.setValue("/etc/gantry/keys/old-box");
        view.save();

        SshHost saved = view.grid.getListDataView().getItems().filter(h -> h.getAlias().equals("old-box"))
                .findFirst().orElseThrow();
        view.grid.select(saved);
        assertThat(view.delete.isEnabled()).isTrue();
        _click(view.delete);
        assertThat(hosts.find("old-box")).isEmpty();
        assertThat(view.delete.isEnabled()).isFalse();
    }
}
