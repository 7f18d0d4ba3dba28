package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.RuntimeProperties;

/**
 * The unprivileged OS accounts local tasks run as: a shared one, or one per Gantry user,
 * created with {@code useradd} on first use. Only when Gantry runs as root can it switch
 * accounts; otherwise tasks run as Gantry's own user, and only when an admin allowed that.
 */
final class TaskAccounts {

    /** Linux account names are at most 32 characters. */
    private static final int NAME_MAX = 32;

    private final RuntimeProperties.Local settings;
    private final boolean root;
    private final Map<String, TaskAccount> known = new ConcurrentHashMap<>();

    TaskAccounts(RuntimeProperties.Local settings, boolean root) {
        this.settings = settings;
        this.root = root;
    }

    /** Whether this process may switch accounts (it runs as root). */
    boolean canSwitch() {
        return root;
    }

    /** Whether the account is the one all users share. */
    boolean isShared(TaskAccount account) {
        return settings.taskAccounts() == RuntimeProperties.TaskAccounts.SHARED;
    }

    static boolean runningAsRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The account a user's tasks run as; empty when they run as Gantry's own user.
     *
     * @throws ExecutorException when tasks may not run here at all, or the account cannot be made
     */
    Optional<TaskAccount> accountFor(String gantryUser) throws ExecutorException {
        if (!root) {
            if (settings.allowSameUser()) {
                return Optional.empty();
            }
            throw ExecutorException.permanent("Local tasks are disabled: Gantry does not run as root, so it cannot "
                    + "run tasks under another OS account, and gantry.runtime.local.allow-same-user is false");
        }
        String name = settings.taskAccounts() == RuntimeProperties.TaskAccounts.PER_USER
                ? perUserName(settings.accountPrefix(), gantryUser)
                : settings.sharedAccount();
        TaskAccount account = known.get(name);
        if (account == null) {
            account = ensure(name);
            known.put(name, account);
        }
        return Optional.of(account);
    }

    /** {@code prefix + user}, shortened with a hash when longer than an account name may be. */
    static String perUserName(String prefix, String user) {
        String name = prefix + user;
        if (name.length() <= NAME_MAX) {
            return name;
        }
        String hash = sha256(user).substring(0, 8);
        return name.substring(0, NAME_MAX - hash.length() - 1) + "-" + hash;
    }

    private synchronized TaskAccount ensure(String name) throws ExecutorException {
        Optional<TaskAccount> existing = lookup(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        run(List.of("useradd", "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
                "--shell", "/usr/sbin/nologin", "--comment", "Gantry tasks", name));
        return lookup(name).orElseThrow(() ->
                ExecutorException.permanent("useradd did not create the task account " + name));
    }

    private static Optional<TaskAccount> lookup(String name) throws ExecutorException {
        String uid = run(List.of("id", "-u", name));
        if (uid.isEmpty()) {
            return Optional.empty();
        }
        String gid = run(List.of("id", "-g", name));
        return Optional.of(new TaskAccount(name, Integer.parseInt(uid), Integer.parseInt(gid)));
    }

    /** Runs a command; its trimmed output, or empty when it failed. */
    private static String run(List<String> command) throws ExecutorException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw ExecutorException.transientFailure(command.get(0) + " did not finish", null);
            }
            if (p.exitValue() != 0) {
                if (command.get(0).equals("useradd")) {
                    throw ExecutorException.permanent("useradd failed: " + out);
                }
                return "";
            }
            return out;
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ExecutorException.transientFailure("interrupted", e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
