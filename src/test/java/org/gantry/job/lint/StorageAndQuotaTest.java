package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.LintContext.Quota;
import org.junit.jupiter.api.Test;

class StorageAndQuotaTest {

    @Test
    void a_path_under_mnt_without_its_storage_is_reported() {
        String yaml = job("python train.py --data /mnt/hdfs/mnist --out /mnt/confignfs/out") + """
                extras:
                  storages:
                    - name: confignfs
                """;
        Finding f = only(lint(yaml), StorageMountRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("/mnt/hdfs");
        assertThat(f.message()).contains("/mnt/confignfs", "name: hdfs");
    }

    @Test
    void storages_mounted_by_name_mount_path_or_the_teamwise_plugin_are_fine() {
        String yaml = job("ls /mnt/confignfs/x /mnt/data/y /mnt/PAI_SHARE/z") + """
                extras:
                  storages:
                    - name: confignfs
                    - name: nfs-imagenet
                      mountPath: /mnt/data
                  com.microsoft.pai.runtimeplugin:
                    - plugin: teamwise_storage
                      parameters:
                        storageConfigNames: [PAI_SHARE]
                """;
        none(lint(yaml), StorageMountRule.CODE);
    }

    private static final LintContext WITH_STORAGES = LintContext.standalone().withStorages(List.of(
            new LintContext.UsableStorage("home", "/mnt/home", true),
            new LintContext.UsableStorage("imagenet", "/mnt/datasets/imagenet", false)));

    @Test
    void the_users_real_storages_give_their_mount_paths_and_an_empty_list_mounts_the_defaults() {
        String yaml = job("ls /mnt/home/a /mnt/datasets/imagenet/train") + """
                extras:
                  storages:
                    - name: imagenet
                """;
        Finding f = only(lint(yaml, WITH_STORAGES), StorageMountRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("/mnt/home");
        assertThat(f.message()).contains("`- name: home`", "mounted at /mnt/home");

        none(lint(job("ls /mnt/home/a") + "extras:\n  storages: []\n", WITH_STORAGES), StorageMountRule.CODE);
    }

    @Test
    void a_storage_name_the_user_has_none_of_is_an_error_on_the_name() {
        String yaml = job("ls /mnt/scratch") + """
                extras:
                  storages:
                    - name: scratch
                """;
        Finding f = only(lint(yaml, WITH_STORAGES), StorageMountRule.UNKNOWN_CODE);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(underlined(yaml, f)).isEqualTo("scratch");
        assertThat(f.message()).contains("yours: home, imagenet");
        none(lint(yaml), StorageMountRule.UNKNOWN_CODE);
    }

    @Test
    void a_mount_point_the_commands_create_themselves_is_fine() {
        none(lint(job("mkdir -p /mnt/scratch && cp x /mnt/scratch/")), StorageMountRule.CODE);
    }

    @Test
    void a_path_on_the_remote_side_of_mount_scp_or_rsync_is_not_a_storage_of_this_job() {
        // Bug: `mount host:/mnt/x /mnt/data` was reported as an unmounted storage /mnt/x.
        none(lint(job("mount -t nfs fileserver:/mnt/x /mnt/data")), StorageMountRule.CODE);
        none(lint(job("scp me@login-1.example:/mnt/results/model.pt .")), StorageMountRule.CODE);
        none(lint(job("rsync -a 'backup:/mnt/ckpt/' ./ckpt")), StorageMountRule.CODE);
    }

    @Test
    void a_local_path_after_a_colon_is_still_checked() {
        Finding f = only(lint(job("export PATH=$PATH:/mnt/tools/bin")), StorageMountRule.CODE);
        assertThat(f.message()).contains("/mnt/tools");
        only(lint(job("rsync -a host:/data/ /mnt/out/")), StorageMountRule.CODE);
    }

    @Test
    void one_task_beyond_the_quota_is_an_error_on_its_field() {
        String yaml = job("python train.py");
        LintContext context = LintContext.of(Set.of(), Map.of("default", Quota.of(64, 262144, 0)));
        Finding f = only(lint(yaml, context), QuotaRule.CODE);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.line()).isEqualTo(12);
        assertThat(f.message()).contains("1 GPUs", "`default` allows (0)");
    }

    @Test
    void all_tasks_together_beyond_the_quota_is_an_error() {
        String yaml = job("python train.py").replace("instances: 1", "instances: 5");
        LintContext context = LintContext.of(Set.of(), Map.of("default", Quota.of(16, null, null)));
        Finding f = only(lint(yaml, context), QuotaRule.CODE);
        assertThat(f.message()).contains("20 CPUs", "train: 5 × 4");
    }

    @Test
    void within_the_quota_or_without_one_nothing_is_reported() {
        String yaml = job("python train.py");
        none(lint(yaml, LintContext.of(Set.of(), Map.of("default", Quota.of(8, 32768, 1)))), QuotaRule.CODE);
        none(lint(yaml, LintContext.of(Set.of(), Map.of("gpu", Quota.of(1, 1, 0)))), QuotaRule.CODE);
    }
}
