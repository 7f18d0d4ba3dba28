package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.terminal.OsAccount;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** Debian's {@code scp} and {@code sftp} through the gateway into a task's working directory. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TaskFilesIT extends GatewayITSupport {

    private OpenSshClient ssh;
    private Path local;

    @BeforeEach
    void ownerWithOpenSshKey() throws Exception {
        assumeTrue(OpenSshClient.available(), "OpenSSH's client is not installed");
        ownerWithKeyAndRunningTask("tf", Map.of());
        ssh = OpenSshClient.withNewKey(gateway.port());
        keys.add(owner, "openssh", ssh.publicKey());
        local = Files.createTempDirectory("gantry-scp-");
    }

    @Test
    void scp_in_and_out_keeps_the_bytes_and_the_task_owns_what_came_in() throws Exception {
        byte[] data = new byte[3 * 1024 * 1024 + 17];
        new Random(20).nextBytes(data);
        Path original = local.resolve("weights.bin");
        Files.write(original, data);
        OpenSshClient.Result in = ssh.tool("scp", List.of(original.toString(),
                route.loginName() + "@127.0.0.1:weights.bin"));
        assertThat(in.exit()).as(in.toString()).isZero();
        Path inTask = target.workingDirectory().resolve("weights.bin");
        assertThat(sha256(inTask)).isEqualTo(sha256(original));
        OsAccount account = OsAccount.lookup(target.osAccount()).orElseThrow();
        assertThat(Files.getAttribute(inTask, "unix:uid", LinkOption.NOFOLLOW_LINKS)).isEqualTo(account.uid());

        Path back = local.resolve("back.bin");
        OpenSshClient.Result out = ssh.tool("scp", List.of(route.loginName() + "@127.0.0.1:/weights.bin",
                back.toString()));
        assertThat(out.exit()).as(out.toString()).isZero();
        assertThat(sha256(back)).isEqualTo(sha256(original));
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner; files of " + target.workingDirectory());
        });
    }

    // Bug: MINA's rooted file system stops `..` but the kernel follows a task's symbolic link out of the
    // jail, and Gantry's root read /etc files through it; the serving thread now has the task's credentials.
    @Test
    void sftp_cannot_leave_the_jail() throws Exception {
        Files.writeString(target.workingDirectory().resolve("inside.txt"), "inside\n");
        Path rootOnly = Files.createTempDirectory("gantry-root-only-");
        Files.setPosixFilePermissions(rootOnly, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(rootOnly.resolve("secret"), "root's secret\n");
        Files.createSymbolicLink(target.workingDirectory().resolve("dir-link"), rootOnly);
        Files.createSymbolicLink(target.workingDirectory().resolve("secret-link"), rootOnly.resolve("secret"));
        Files.createSymbolicLink(target.workingDirectory().resolve("shadow-link"), Path.of("/etc/shadow"));
        Path batch = local.resolve("batch");
        Files.writeString(batch, String.join("\n",
                "pwd",
                "cd ..",
                "pwd",
                "ls -1 /",
                "-get /../../../etc/hostname " + local.resolve("escaped-1"),
                "-get ../etc/hostname " + local.resolve("escaped-2"),
                "-get dir-link/secret " + local.resolve("escaped-3"),
                "-get secret-link " + local.resolve("escaped-4"),
                "-get shadow-link " + local.resolve("escaped-5"),
                "-put " + batch + " /../../tmp/gantry-escaped-" + owner,
                "-put " + batch + " dir-link/planted",
                "get inside.txt " + local.resolve("inside.txt"),
                "") + "\n");
        OpenSshClient.Result result = ssh.tool("sftp", List.of("-b", batch.toString(),
                route.loginName() + "@127.0.0.1"));
        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out()).contains("Remote working directory: /\n").doesNotContain("Remote working directory: /.")
                .contains("/inside.txt").doesNotContain("/bin\n", "/usr\n");
        for (int i = 1; i <= 5; i++) {
            assertThat(local.resolve("escaped-" + i)).as(result.toString()).doesNotExist();
        }
        assertThat(Path.of("/tmp/gantry-escaped-" + owner)).doesNotExist();
        assertThat(rootOnly.resolve("planted")).doesNotExist();
        assertThat(local.resolve("inside.txt")).hasContent("inside");
    }

    @Test
    void another_user_is_refused_sftp_and_scp_and_audited() throws Exception {
        String intruder = "fx" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, intruder, Role.USER);
        OpenSshClient theirs = OpenSshClient.withNewKey(gateway.port());
        keys.add(intruder, "laptop", theirs.publicKey());
        Files.writeString(target.workingDirectory().resolve("secret.txt"), "secret\n");
        Path batch = local.resolve("batch");
        Files.writeString(batch, "get secret.txt " + local.resolve("stolen-1") + "\n");
        OpenSshClient.Result sftp = theirs.tool("sftp", List.of("-b", batch.toString(), route.loginName() + "@127.0.0.1"));
        assertThat(sftp.exit()).isNotZero();
        assertThat(sftp.err()).contains("Only " + owner + " may enter the tasks of " + route.jobId());
        OpenSshClient.Result scp = theirs.tool("scp", List.of(route.loginName() + "@127.0.0.1:secret.txt",
                local.resolve("stolen-2").toString()));
        assertThat(scp.exit()).isNotZero();
        OpenSshClient.Result legacyScp = theirs.tool("scp", List.of("-O", route.loginName() + "@127.0.0.1:secret.txt",
                local.resolve("stolen-3").toString()));
        assertThat(legacyScp.exit()).isNotZero();
        assertThat(local.resolve("stolen-1")).doesNotExist();
        assertThat(local.resolve("stolen-2")).doesNotExist();
        assertThat(local.resolve("stolen-3")).doesNotExist();
        assertThat(audit.recentOf(intruder, 5)).hasSizeGreaterThanOrEqualTo(3).allSatisfy(entry ->
                assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED));
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
