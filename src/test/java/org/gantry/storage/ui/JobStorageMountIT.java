package org.gantry.storage.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import com.vaadin.flow.component.UI;
import com.github.mvysny.kaributesting.v10.LocatorJ;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.OpenSshServer;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.Role;
import org.gantry.storage.FileEntry;
import org.gantry.storage.SftpTestServer;
import org.gantry.storage.StoragePath;
import org.gantry.testsupport.KaribuSupport;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * Jobs see their storages at {@code /mnt/<name>} (extras.storages): a local task, under its
 * user's own OS account, reads a file uploaded over REST and writes files that REST and the
 * Files view then list; a job on an SSH host writes into a storage the administrator says is
 * mounted there; storages a job may not use, or that its executor cannot reach, refuse the
 * submission with why.
 */
@RuntimeSpringTest
class JobStorageMountIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;
    @Autowired
    ApplicationContext context;
    @TempDir
    Path shared;

    RestClient admin;
    RestClient alice;
    String user;

    @BeforeEach
    void setUp() {
        admin = RestClient.admin(port);
        alice = RestClient.newUser(port, "mounts");
        user = alice.username();
    }

    /** Mount points the tasks made on this host: empty directories, removed when empty still. */
    private final List<Path> mountPoints = new ArrayList<>();

    @AfterEach
    void removeMountPoints() {
        for (Path dir : mountPoints) {
            try {
                Files.deleteIfExists(dir);
            } catch (java.io.IOException notEmptyOrInUse) {
                // another test's task may use it now
            }
        }
    }

    private String register(String kind, String root, List<String> groups, boolean readOnly) {
        return register(kind, root, groups, readOnly, List.of());
    }

    private String register(String kind, String root, List<String> groups, boolean readOnly, List<String> mountedOn) {
        String storage = name("team");
        mountPoints.add(Path.of("/mnt", storage));
        mountPoints.add(Path.of("/mnt/reference", storage));
        RestClient.Response created = admin.postJson("/api/v2/storages", Map.of("name", storage, "kind", kind,
                "rootUri", root, "groups", groups, "readOnly", readOnly, "mountedOn", mountedOn));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return storage;
    }

    private static String withStorages(String yaml, String... storages) {
        StringBuilder extras = new StringBuilder("extras:\n  storages:\n");
        for (String storage : storages) {
            extras.append("    - name: ").append(storage).append('\n');
        }
        return yaml + extras;
    }

    @Test
    void a_job_writes_into_its_storages_and_the_files_are_listed_over_rest_and_in_the_files_view() throws Exception {
        String team = register("local", shared.toString(), List.of("default"), false);
        assertThat(alice.put("/api/v2/storages/home/files/in/data.txt", "application/octet-stream", "uploaded\n")
                .status()).isEqualTo(201);
        String name = alice.submit(withStorages(job(name("mounts"), "",
                "cat /mnt/home/in/data.txt > /mnt/" + team + "/copy.txt",
                "echo appended >> /mnt/home/in/data.txt",
                "mkdir -p /mnt/home/out && echo from-the-job > /mnt/home/out/result.txt",
                "echo \"$GANTRY_STORAGE_home\" > /mnt/home/out/where.txt",
                "id -un > /mnt/home/out/account.txt"), "home", team));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(alice.get("/api/v2/storages/home/files/out/result.txt").body()).isEqualTo("from-the-job\n");
        assertThat(alice.get("/api/v2/storages/home/files/out/where.txt").body()).isEqualTo("/mnt/home\n");
        assertThat(alice.get("/api/v2/storages/home/files/out/account.txt").body().trim())
                .as("the task ran under its user's own account, not Gantry's").isNotEqualTo("root");
        assertThat(alice.get("/api/v2/storages/home/files/in/data.txt").body())
                .as("a file Gantry wrote is writable by the task").isEqualTo("uploaded\nappended\n");
        assertThat(alice.get("/api/v2/storages/" + team + "/files/copy.txt").body()).isEqualTo("uploaded\n");
        JsonNode listing = alice.get("/api/v2/storages/home/files/out").json();
        List<String> names = new ArrayList<>();
        listing.path("entries").forEach(entry -> names.add(entry.path("name").asText()));
        assertThat(names).contains("result.txt", "where.txt");
        assertThat(Files.exists(Path.of("/mnt/home/out/result.txt"))).as("the mount stays in the task's view")
                .isFalse();

        KaribuSupport.signIn(context, user, Role.USER);
        try {
            UI.getCurrent().navigate(FilesView.class);
            FilesView view = LocatorJ._get(FilesView.class);
            view.open(StoragePath.of("out"));
            assertThat(view.grid.getGenericDataView().getItems().map(FileEntry::name).toList())
                    .contains("result.txt", "where.txt");
        } finally {
            KaribuSupport.signOut();
        }
    }

    @Test
    void a_read_only_storage_is_mounted_read_only_at_the_path_the_job_chose() throws Exception {
        Files.writeString(shared.resolve("input.txt"), "reference data\n");
        String team = register("local", shared.toString(), List.of("default"), true);
        mountPoints.add(Path.of("/mnt/reference"));
        String name = alice.submit(job(name("readonly"), "",
                "cat /mnt/reference/" + team + "/input.txt",
                "if echo x > /mnt/reference/" + team + "/written.txt; then exit 3; fi")
                + "extras:\n  storages:\n    - name: " + team + "\n      mountPath: /mnt/reference/" + team + "\n");

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(shared.resolve("written.txt")).doesNotExist();
    }

    @Test
    void storages_the_user_may_not_use_or_the_executor_cannot_reach_refuse_the_submission() throws Exception {
        String others = register("local", shared.toString(), List.of("some-other-group"), false);
        String sftp;
        try (SftpTestServer server = new SftpTestServer(Files.createDirectories(shared.resolve("sftp")),
                shared.resolve("sftp-key"))) {
            sftp = register("sftp", server.rootUri(), List.of("default"), false);
        }

        RestClient.Response unknown = alice.postYaml("/api/v2/jobs",
                withStorages(job(name("unknown"), "", "true"), "no-such-storage"));
        RestClient.Response forbidden = alice.postYaml("/api/v2/jobs", withStorages(job(name("forbidden"), "", "true"),
                others));
        RestClient.Response unreachable = alice.postYaml("/api/v2/jobs",
                withStorages(job(name("unreachable"), "", "true"), sftp));
        RestClient.Response escaping = alice.postYaml("/api/v2/jobs", job(name("escaping"), "", "true")
                + "extras:\n  storages:\n    - name: home\n      mountPath: /etc\n");

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("Storage no-such-storage is not found");
        assertThat(forbidden.status()).isEqualTo(400);
        assertThat(forbidden.body()).contains("is not allowed to access storage " + others);
        assertThat(unreachable.status()).isEqualTo(400);
        assertThat(unreachable.body()).contains("local tasks cannot mount");
        assertThat(escaping.status()).isEqualTo(400);
        assertThat(escaping.body()).contains("is not a path under /mnt");
    }

    @Test
    void a_job_on_an_ssh_host_writes_into_a_storage_mounted_there_and_rest_and_the_files_view_list_it()
            throws Exception {
        assumeThat(OpenSshServer.available()).as("needs Debian's openssh-server (/usr/sbin/sshd)").isTrue();
        assumeThat(System.getProperty("user.name")).as("root, for the mount at /mnt and sshd's test account")
                .isEqualTo("root");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path nfs = Files.createDirectories(shared.resolve("nfs"));
        Files.setPosixFilePermissions(nfs, PosixFilePermissions.fromString("rwxrwxrwx"));
        String alias = name("host");
        String cluster = name("onhost");
        try (OpenSshServer sshd = OpenSshServer.start(Files.createDirectories(shared.resolve("sshd")))) {
            String[] hostKey = Files.readString(shared.resolve("sshd/host_key.pub")).split(" ");
            RestClient.Response host = admin.putJson("/api/v2/ssh-hosts/" + alias, Map.of("host", "127.0.0.1",
                    "port", sshd.port(), "username", sshd.user(), "keyPath", sshd.clientKey().toString(),
                    "baseDir", ".gantry-" + alias, "cpu", 2, "memoryMb", 2048, "hostKey", hostKey[0] + " " + hostKey[1],
                    "virtualCluster", cluster));
            assertThat(host.status()).as(host.toString()).isEqualTo(200);
            String team = register("local", nfs.toString(), List.of("default"), false, List.of("ssh:" + alias));
            String elsewhere = register("local", shared.toString(), List.of("default"), false, List.of("ssh:other"));
            // the administrator's mount of the storage on the host, played by a symlink (the host is this machine)
            Files.createSymbolicLink(Path.of("/mnt", team), nfs);
            String onHost = "type: job\ndefaults:\n  virtualCluster: " + cluster + "\n";
            try {
                String name = alice.submit(withStorages(job(name("onssh"), "resourcePerInstance: {cpu: 1, memoryMB: 64}",
                        "mkdir -p /mnt/" + team + "/out",
                        "echo from-$(id -un) > /mnt/" + team + "/out/result.txt",
                        "env | grep ^GANTRY_STORAGE_ > /mnt/" + team + "/out/variables.txt")
                        .replace("type: job\n", onHost), team));

                JsonNode job = await(alice, user, name, ended(), WAIT);

                assertThat(job.at("/jobStatus/state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
                assertThat(alice.get("/api/v2/storages/" + team + "/files/out/result.txt").body())
                        .isEqualTo("from-" + sshd.user() + "\n");
                assertThat(alice.get("/api/v2/storages/" + team + "/files/out/variables.txt").body())
                        .contains("=/mnt/" + team + "\n");
                List<String> names = new ArrayList<>();
                alice.get("/api/v2/storages/" + team + "/files/out").json().path("entries")
                        .forEach(entry -> names.add(entry.path("name").asText()));
                assertThat(names).containsExactlyInAnyOrder("result.txt", "variables.txt");

                RestClient.Response notThere = alice.postYaml("/api/v2/jobs", withStorages(job(name("notthere"), "",
                        "true").replace("type: job\n", onHost), elsewhere));
                RestClient.Response personal = alice.postYaml("/api/v2/jobs", withStorages(job(name("personal"), "",
                        "true").replace("type: job\n", onHost), "home"));
                assertThat(notThere.status()).isEqualTo(400);
                assertThat(notThere.body()).contains("Storage " + elsewhere + " is not mounted on the ssh machines of "
                        + alias, "extras.storages[0]");
                assertThat(personal.status()).isEqualTo(400);
                assertThat(personal.body()).contains("a personal storage lives on Gantry's host only");

                KaribuSupport.signIn(context, user, Role.USER);
                try {
                    UI.getCurrent().navigate(FilesView.class);
                    FilesView view = LocatorJ._get(FilesView.class);
                    view.storage.setValue(view.storage.getListDataView().getItems()
                            .filter(s -> s.name().equals(team)).findFirst().orElseThrow());
                    view.open(StoragePath.of("out"));
                    assertThat(view.grid.getGenericDataView().getItems().map(FileEntry::name).toList())
                            .contains("result.txt", "variables.txt");
                } finally {
                    KaribuSupport.signOut();
                }
            } finally {
                assertThat(admin.delete("/api/v2/ssh-hosts/" + alias).status()).isEqualTo(200);
                new ProcessBuilder("rm", "-rf", sshd.home().resolve(".gantry-" + alias).toString()).start().waitFor();
            }
        }
    }

    @Test
    void an_empty_list_mounts_the_default_storages() throws Exception {
        String name = alice.submit(job(name("defaults"), "", "echo mine > /mnt/home/default.txt")
                + "extras:\n  storages: []\n");

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(alice.get("/api/v2/storages/home/files/default.txt").body()).isEqualTo("mine\n");
    }
}
