package org.gantry.storage.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.gantry.storage.SftpTestServer;
import org.gantry.security.Role;
import org.gantry.storage.StorageInfo;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StorageService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class StorageAdminViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    StorageService storages;

    private SftpTestServer closeAfter;

    @AfterEach
    void tearDown() throws Exception {
        KaribuSupport.signOut();
        if (closeAfter != null) {
            closeAfter.close();
        }
    }

    private StorageAdminView open() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(StorageAdminView.class);
        return _get(StorageAdminView.class);
    }

    private StorageInfo saved(String name) {
        return storages.all().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void an_admin_registers_an_sftp_storage_whose_password_is_sealed_and_never_shown(@TempDir Path dir)
            throws Exception {
        SftpTestServer server = new SftpTestServer(Files.createDirectories(dir.resolve("root")), dir.resolve("key"));
        closeAfter = server;
        StorageAdminView view = open();
        view.name.setValue("scratch");
        view.kind.setValue(StorageKind.SFTP);
        view.rootUri.setValue(server.rootUri());
        view.credentials.setValue("s3cret-password");
        view.groups.setValue(Set.of("default"));
        view.save();

        StorageInfo storage = saved("scratch");
        assertThat(storage.kind()).isEqualTo(StorageKind.SFTP);
        assertThat(storage.hasCredentials()).isTrue();
        assertThat(storage.mountPath()).isEqualTo("/mnt/scratch");
        assertThat(storage.groups()).containsExactly("default");
        assertThat(storage.toString()).doesNotContain("s3cret-password");
        assertThat(view.credentials.getValue()).isEmpty();

        view.grid.select(storage);
        assertThat(view.credentials.getValue()).as("the form never shows the stored password").isEmpty();
        view.readOnly.setValue(true);
        view.save();
        assertThat(saved("scratch").readOnly()).isTrue();
        assertThat(saved("scratch").hasCredentials()).as("an empty password field keeps the stored one").isTrue();
    }

    @Test
    void a_relative_local_root_and_the_personal_name_are_refused() {
        StorageAdminView view = open();
        view.name.setValue("relative");
        view.kind.setValue(StorageKind.LOCAL);
        view.rootUri.setValue("data/files");
        view.save();
        assertThat(storages.all()).noneMatch(s -> s.name().equals("relative"));

        view.name.setValue(StorageService.PERSONAL);
        view.rootUri.setValue("/srv/home");
        view.save();
        assertThat(storages.all()).noneMatch(s -> s.name().equals(StorageService.PERSONAL));
    }

    @Test
    void remove_waits_for_a_selected_storage() {
        StorageAdminView view = open();
        assertThat(view.delete.isEnabled()).isFalse();
        view.name.setValue("old-data");
        view.rootUri.setValue("/srv/old-data");
        view.save();
        view.grid.select(saved("old-data"));
        _click(view.delete);
        assertThat(storages.all()).noneMatch(s -> s.name().equals("old-data"));
    }
}
