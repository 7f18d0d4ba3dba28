package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.hosts.TaskAccount;

/**
 * The unprivileged OS accounts local tasks run as: one per Gantry user (the default), or one
 * shared by all, created with {@code useradd} on first use. Only when Gantry runs as root can it
 * switch accounts; otherwise tasks run as Gantry's own user, and only when an admin allowed that.
 *
 * <p>A per-user account records its Gantry user in its comment ("Gantry tasks of NAME"), and an
 * account whose comment names anyone else is never used: two Gantry users never share one, even
 * if their derived names ({@link #perUserName}) met.
 */
final class TaskAccounts {

    /** Linux account names as every tool takes them: lowercase, no dots, at most 32 characters. */
    static final Pattern ACCOUNT_NAME = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");
    /** Short enough that a hashed per-user name keeps some of the user's name after it. */
    static final Pattern ACCOUNT_PREFIX = Pattern.compile("[a-z_][a-z0-9_-]{0,15}");
    private static final int NAME_MAX = 32;
    private static final int HASH_LENGTH = 8;
    /** What {@link #perUserName} appends when it had to change a name: a user name ending so is hashed too. */
    private static final Pattern HASHED = Pattern.compile(".+-[0-9a-f]{" + HASH_LENGTH + "}");
    private static final String COMMENT = "Gantry tasks";
    private static final String COMMENT_OF = COMMENT + " of ";
    /** The user names OpenPAI accepts; anything else never reaches an account's comment. */
    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,255}");
    /** useradd's exit status when it could not lock or update /etc/passwd or /etc/group: try again. */
    private static final List<Integer> USERADD_BUSY = List.of(1, 10);

    private final RuntimeProperties.Local settings;
    private final boolean root;
    private final Map<String, TaskAccount> known = new ConcurrentHashMap<>();
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    /** @throws IllegalArgumentException when the configured shared account name or prefix cannot make account names */
    TaskAccounts(RuntimeProperties.Local settings, boolean root) {
        if (!ACCOUNT_NAME.matcher(settings.sharedAccount()).matches()) {
            throw new IllegalArgumentException("gantry.runtime.local.shared-account=" + settings.sharedAccount()
                    + " is not a Linux account name: use lowercase letters, digits, '_' and '-', at most 32");
        }
        if (!ACCOUNT_PREFIX.matcher(settings.accountPrefix()).matches()) {
            throw new IllegalArgumentException("gantry.runtime.local.account-prefix=" + settings.accountPrefix()
                    + " cannot begin Linux account names: use 1 to 16 lowercase letters, digits, '_' and '-',"
                    + " starting with a letter or '_' (e.g. gantry-)");
        }
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
        if (!USER_NAME.matcher(gantryUser).matches()) {
            throw ExecutorException.permanent("No task account can be made for the user name '" + gantryUser + "'");
        }
        boolean perUser = settings.taskAccounts() == RuntimeProperties.TaskAccounts.PER_USER;
        String name = perUser ? perUserName(settings.accountPrefix(), gantryUser, settings.sharedAccount())
                : settings.sharedAccount();
        TaskAccount account = known.get(name);
        if (account == null) {
            account = ensure(name, perUser ? Optional.of(gantryUser) : Optional.empty());
            known.put(name, account);
        }
        return Optional.of(account);
    }

    /**
     * The per-user account name of a Gantry user (any name OpenPAI accepts, {@code [\w.-]+}):
     * {@code prefix + user} when that is already a Linux account name; otherwise the name
     * lowercased, with every other character made '_', cut to fit, and a hash of the exact user
     * name appended ({@code John.Doe} becomes {@code gantry-john_doe-1a2b3c4d}). The same user
     * always gets the same name. A user name that itself ends like such a hash, or whose plain
     * name is the shared account's, is hashed too, so that no user can take another's name.
     */
    static String perUserName(String prefix, String user, String sharedAccount) {
        String plain = prefix + user;
        if (ACCOUNT_NAME.matcher(plain).matches() && !HASHED.matcher(user).matches() && !plain.equals(sharedAccount)) {
            return plain;
        }
        String sanitized = prefix + user.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]", "_");
        String hash = sha256(user).substring(0, HASH_LENGTH);
        return sanitized.substring(0, Math.min(sanitized.length(), NAME_MAX - HASH_LENGTH - 1)) + "-" + hash;
    }

    private synchronized TaskAccount ensure(String name, Optional<String> gantryUser) throws ExecutorException {
        String comment = gantryUser.map(user -> COMMENT_OF + user).orElse(COMMENT);
        Optional<Entry> existing = lookup(name);
        if (existing.isEmpty()) {
            CommandResult added = run(List.of("useradd", "--system", "--user-group", "--no-create-home",
                    "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", "--comment", comment, name));
            existing = lookup(name);
            if (existing.isEmpty()) {
                String why = "useradd could not create the task account " + name + ": " + added.output();
                throw USERADD_BUSY.contains(added.exitCode()) ? ExecutorException.transientFailure(why, null)
                        : ExecutorException.permanent(why);
            }
            if (added.exitCode() == 0) {
                created.add(name);
            }
        }
        Entry entry = existing.get();
        if (entry.uid() == 0) {
            throw ExecutorException.permanent("The task account " + name + " has uid 0; tasks never run as root");
        }
        if (gantryUser.isPresent() && !entry.comment().equals(comment)) {
            if (!entry.comment().equals(COMMENT)) {
                throw ExecutorException.permanent("The OS account " + name + " exists but is not the task account of "
                        + "Gantry user " + gantryUser.get() + " (its comment is '" + entry.comment() + "'); remove it, "
                        + "or set gantry.runtime.local.account-prefix to a prefix no other account uses");
            }
            // made by a Gantry that did not record users yet: the name was prefix + user, so it is this user's
            run(List.of("usermod", "--comment", comment, name));
        }
        return new TaskAccount(name, entry.uid(), entry.gid());
    }

    /** The accounts this process created. */
    Set<String> created() {
        return Set.copyOf(created);
    }

    /** An account as the passwd database has it. */
    private record Entry(int uid, int gid, String comment) {
    }

    private static Optional<Entry> lookup(String name) throws ExecutorException {
        CommandResult found = run(List.of("getent", "passwd", name));
        String[] fields = found.output().split(":", -1);
        if (found.exitCode() != 0 || fields.length < 7 || !fields[0].equals(name)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Entry(Integer.parseInt(fields[2]), Integer.parseInt(fields[3]), fields[4]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private record CommandResult(int exitCode, String output) {
    }

    /** Runs a command and returns its exit status and trimmed output. */
    private static CommandResult run(List<String> command) throws ExecutorException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw ExecutorException.transientFailure(command.get(0) + " did not finish", null);
            }
            return new CommandResult(p.exitValue(), out);
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
