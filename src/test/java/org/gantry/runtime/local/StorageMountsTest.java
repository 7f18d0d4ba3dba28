package org.gantry.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.TaskMount;
import org.gantry.runtime.hosts.TaskAccount;
import org.junit.jupiter.api.Test;

/**
 * How a local task gets its storages: as root a bind mount in a mount namespace of its own, not
 * as root the storage's directory in {@code GANTRY_STORAGE_<name>} (decision 0054). The tests
 * run as root, so the unprivileged side is decided here, from the flag Gantry passes.
 */
class StorageMountsTest {

    private static final TaskMount DATA = new TaskMount("data", "/mnt/data", false,
            Optional.of(Path.of("/srv/storages/data")));
    private static final TaskMount HOME = new TaskMount("my-home", "/mnt/home", false,
            Optional.of(Path.of("/srv/homes/alice")));
    private static final TaskMount REFERENCE = new TaskMount("reference", "/mnt/reference", true,
            Optional.of(Path.of("/srv/storages/reference")));
    private static final Optional<TaskAccount> ACCOUNT = Optional.of(new TaskAccount("gantry-alice", 2001, 2001));

    @Test
    void as_root_the_storages_are_bind_mounted_in_a_namespace_of_the_tasks_own_and_variables_stay_mount_paths()
            throws Exception {
        StorageMounts.Plan plan = StorageMounts.plan(List.of(DATA, REFERENCE), true, ACCOUNT);

        assertThat(plan.env()).isEmpty();
        assertThat(plan.prefix()).startsWith("unshare", "--mount", "--propagation", "private", "--", "bash", "-c");
        String script = plan.prefix().get(7);
        assertThat(script).contains("mount --bind -- '/srv/storages/data' '/mnt/data'",
                "mount --bind -- '/srv/storages/reference' '/mnt/reference'",
                "mount -o remount,bind,ro -- '/mnt/reference'", "setfacl -m u:2001:rwx", "setfacl -m u:2001:rx")
                .doesNotContain("remount,bind,ro -- '/mnt/data'").endsWith("exec \"$@\"\n");
    }

    @Test
    void the_mounts_are_all_made_before_the_pending_mark_goes_and_the_task_starts() throws Exception {
        // Bug: a shell opened as the task turned RUNNING joined its namespace before the bind mounts existed
        String script = StorageMounts.plan(List.of(DATA, REFERENCE), true, ACCOUNT).prefix().get(7);

        assertThat(script.indexOf("rm -f -- ../" + StorageMounts.PENDING_FILE))
                .isGreaterThan(script.lastIndexOf("mount "))
                .isEqualTo(script.lastIndexOf("exec \"$@\"") - ("rm -f -- ../" + StorageMounts.PENDING_FILE + "\n").length());
    }

    @Test
    void not_as_root_nothing_is_mounted_and_each_variable_holds_the_storages_directory() throws Exception {
        StorageMounts.Plan plan = StorageMounts.plan(List.of(DATA, HOME), false, Optional.empty());

        assertThat(plan.prefix()).isEmpty();
        assertThat(plan.env()).containsExactly(java.util.Map.entry("GANTRY_STORAGE_data", "/srv/storages/data"),
                java.util.Map.entry("GANTRY_STORAGE_my_home", "/srv/homes/alice"));
    }

    @Test
    void not_as_root_a_read_only_storage_is_refused_with_what_to_do() {
        assertThatThrownBy(() -> StorageMounts.plan(List.of(DATA, REFERENCE), false, Optional.empty()))
                .isInstanceOfSatisfying(ExecutorException.class, e -> assertThat(e.isPermanent()).isTrue())
                .hasMessageContaining("Storage reference is read-only")
                .hasMessageContaining("run Gantry as root, or read the storage through gantry fs");
    }

    @Test
    void a_storage_without_a_directory_on_this_host_is_refused_either_way() {
        TaskMount remote = new TaskMount("remote", "/mnt/remote", false, Optional.empty());

        assertThatThrownBy(() -> StorageMounts.plan(List.of(remote), true, ACCOUNT))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("Storage remote has no directory");
        assertThatThrownBy(() -> StorageMounts.plan(List.of(remote), false, Optional.empty()))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("Storage remote has no directory");
    }

    @Test
    void without_storages_nothing_changes() throws Exception {
        assertThat(StorageMounts.plan(List.of(), false, Optional.empty())).isEqualTo(
                new StorageMounts.Plan(List.of(), java.util.Map.of()));
        assertThat(StorageMounts.plan(List.of(), true, ACCOUNT).prefix()).isEmpty();
    }
}
