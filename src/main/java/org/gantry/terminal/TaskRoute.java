package org.gantry.terminal;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.gantry.security.UserAccount;

/**
 * Which task a terminal enters: a job, named OpenPAI's way ({@code user~job}), and optionally a
 * task role and an instance index. Written as an SSH login name it reads
 * {@code alice~train~worker~1}; see docs/decisions/0007-ssh-gateway-routing.md.
 *
 * @param jobOwner the job's owner, whose tasks these are
 * @param jobName the job's name, unique per owner
 * @param taskRole the task role; empty means the job's first task role
 * @param taskIndex the instance index within the task role; empty means 0
 */
public record TaskRoute(String jobOwner, String jobName, Optional<String> taskRole, OptionalInt taskIndex) {

    /** Longest login name accepted; also the audit table's column width. */
    public static final int LOGIN_NAME_MAX = 256;

    private static final Pattern OWNER = Pattern.compile(UserAccount.USERNAME_PATTERN);
    private static final Pattern JOB = Pattern.compile("[A-Za-z0-9_-]{1,255}");
    private static final Pattern ROLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");
    private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]{0,5}");

    public TaskRoute {
        require(OWNER, jobOwner, "user name");
        require(JOB, jobName, "job name");
        taskRole.ifPresent(role -> require(ROLE, role, "task role"));
        if (taskIndex.isPresent() && taskIndex.getAsInt() < 0) {
            throw new IllegalArgumentException("A task index is 0 or more, not " + taskIndex.getAsInt());
        }
        if (taskIndex.isPresent() && taskRole.isEmpty()) {
            throw new IllegalArgumentException("A task index needs a task role");
        }
    }

    public static TaskRoute of(String jobOwner, String jobName, String taskRole, int taskIndex) {
        return new TaskRoute(jobOwner, jobName, Optional.of(taskRole), OptionalInt.of(taskIndex));
    }

    public static TaskRoute ofJob(String jobOwner, String jobName) {
        return new TaskRoute(jobOwner, jobName, Optional.empty(), OptionalInt.empty());
    }

    /**
     * Reads {@code user~job[~taskRole[~index]]}.
     *
     * @throws IllegalArgumentException with a message meant for the person who typed it
     */
    public static TaskRoute parse(String loginName) {
        if (loginName == null || loginName.isEmpty() || loginName.length() > LOGIN_NAME_MAX) {
            throw new IllegalArgumentException(usage(loginName));
        }
        String[] parts = loginName.split("~", -1);
        if (parts.length < 2 || parts.length > 4) {
            throw new IllegalArgumentException(usage(loginName));
        }
        Optional<String> role = parts.length > 2 ? Optional.of(parts[2]) : Optional.empty();
        OptionalInt index = OptionalInt.empty();
        if (parts.length > 3) {
            require(INDEX, parts[3], "task index");
            index = OptionalInt.of(Integer.parseInt(parts[3]));
        }
        return new TaskRoute(parts[0], parts[1], role, index);
    }

    /** OpenPAI's job id, {@code user~job}. */
    public String jobId() {
        return jobOwner + "~" + jobName;
    }

    /** The login name that leads to this task, the inverse of {@link #parse}. */
    public String loginName() {
        StringBuilder name = new StringBuilder(jobId());
        taskRole.ifPresent(role -> name.append('~').append(role));
        taskIndex.ifPresent(index -> name.append('~').append(index));
        return name.toString();
    }

    /** A short label for people: {@code alice~train worker[1]}. */
    public String describe() {
        return jobId() + taskRole.map(role -> " " + role + "[" + taskIndex.orElse(0) + "]").orElse("");
    }

    @Override
    public String toString() {
        return loginName();
    }

    private static String usage(String given) {
        return "Name the task as <user>~<job>[~<taskRole>[~<index>]], for example alice~train~worker~0"
                + (given == null || given.isEmpty() ? "" : ", not " + shorten(given));
    }

    private static void require(Pattern pattern, String value, String what) {
        if (value == null || !pattern.matcher(value).matches()) {
            throw new IllegalArgumentException("`" + shorten(value) + "` is not a valid " + what);
        }
    }

    private static String shorten(String value) {
        if (value == null) {
            return "";
        }
        String printable = value.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > 80 ? printable.substring(0, 80) + "…" : printable;
    }
}
