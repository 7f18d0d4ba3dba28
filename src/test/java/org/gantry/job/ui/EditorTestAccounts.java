package org.gantry.job.ui;

import java.util.List;
import org.gantry.security.GroupService;
import org.gantry.security.GroupService.VirtualClusterSettings;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.TestSecurity;

/** Accounts for the editor's tests: a USER in a group granting the virtual cluster {@code default}. */
final class EditorTestAccounts {

    static final String PASSWORD = "editor-Password-42";

    private EditorTestAccounts() {
    }

    /** Creates {@code username} (once) as an administrator would. */
    static void ensureUser(UserService users, GroupService groups, String username) {
        TestSecurity.asAdmin(() -> {
            if (groups.virtualCluster("default").isEmpty()) {
                groups.saveVirtualCluster(new VirtualClusterSettings("default", "", "local", "", null, null, null));
            }
            if (groups.groups().stream().noneMatch(g -> g.getName().equals("editors"))) {
                groups.saveGroup("editors", "", List.of("default"));
            }
            if (users.find(username).isEmpty()) {
                users.create(username, PASSWORD, Role.USER, "", List.of("editors"));
            }
        });
    }
}
