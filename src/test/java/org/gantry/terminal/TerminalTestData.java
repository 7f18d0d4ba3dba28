package org.gantry.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.TestSecurity;

/** Users, OS accounts and task directories for terminal tests, all real. */
public final class TerminalTestData {

    /** An unprivileged account tasks run as in these tests, made when Gantry's tests run as root. */
    public static final String TASK_ACCOUNT = "gantry-term-test";

    private TerminalTestData() {
    }

    /** Creates a Gantry user (as an administrator would) unless it exists. */
    public static void user(UserService users, String username, Role role) {
        if (users.find(username).isEmpty()) {
            asAdmin(() -> users.create(username, username + "-password", role, "", List.of()));
        }
    }

    /** Runs {@code action} signed in as an administrator. */
    public static <T> T asAdmin(Supplier<T> action) {
        return TestSecurity.asAdmin(action);
    }

    /** The OS account for test tasks: a dedicated one when root, else the account running the tests. */
    public static String taskAccount() throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return System.getProperty("user.name");
        }
        if (OsAccount.lookup(TASK_ACCOUNT).isEmpty()) {
            Process useradd = new ProcessBuilder("useradd", "--system", "--user-group", "--no-create-home",
                    "--home-dir", "/nonexistent", "--shell", "/bin/bash", TASK_ACCOUNT).inheritIO().start();
            if (!useradd.waitFor(30, TimeUnit.SECONDS) || useradd.exitValue() != 0) {
                // Another test JVM may have created it a moment ago.
                if (OsAccount.lookup(TASK_ACCOUNT).isEmpty()) {
                    throw new IOException("useradd " + TASK_ACCOUNT + " failed");
                }
            }
        }
        // useradd locks the password ("!"), and sshd without PAM refuses locked accounts: "*" means
        // no password, yet not locked, so keys work.
        Process unlock = new ProcessBuilder("usermod", "-p", "*", TASK_ACCOUNT).inheritIO().start();
        unlock.waitFor(30, TimeUnit.SECONDS);
        return TASK_ACCOUNT;
    }

    /**
     * A task working directory owned by the task account, with an init script that sets a
     * variable and defines a shell function, as a deps environment would.
     */
    public static TaskShellTarget.Local localTask(String jobName, Map<String, String> environment)
            throws IOException, InterruptedException {
        String account = taskAccount();
        Path dir = Files.createTempDirectory("gantry-task-");
        Path init = dir.resolve(".gantry-env.sh");
        Files.writeString(init, """
                export FROM_INIT=init-ran
                task_greeting() { echo "hello from $GANTRY_JOB_NAME"; }
                """);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        if (!account.equals(System.getProperty("user.name"))) {
            Process chown = new ProcessBuilder("chown", "-R", account + ":", dir.toString()).inheritIO().start();
            if (!chown.waitFor(30, TimeUnit.SECONDS) || chown.exitValue() != 0) {
                throw new IOException("chown " + dir + " failed");
            }
        }
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.putIfAbsent("GANTRY_JOB_NAME", jobName);
        return new TaskShellTarget.Local(account, dir, env, Optional.of(init.toString()));
    }
}
