package org.gantry.runtime.runner;

import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.runtime.ExecutionHandle;

/**
 * The content of an attempt's {@code runner.pid}: the runner's pid and its start time in clock
 * ticks since boot (field 22 of {@code /proc/<pid>/stat}), or the fence a restarted Gantry
 * wrote. Pid and start time together name one process even after its pid is reused.
 */
public record RunnerClaim(long pid, long startTime) {

    /** Parses "pid starttime"; empty for a fence, a torn write or nothing. */
    public static Optional<RunnerClaim> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String[] parts = text.trim().split("\\s+");
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RunnerClaim(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Parses {@code pid:starttime} from an {@link ExecutionHandle#externalId()}. */
    public static Optional<RunnerClaim> fromExternalId(String externalId) {
        return parse(externalId.replace(':', ' '));
    }

    public String externalId() {
        return pid + ":" + startTime;
    }

    /** An {@code exit-code} file's content: the task's exit status, or empty when unreadable. */
    public static OptionalInt parseExitCode(String text) {
        if (text == null || text.isBlank()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * The start time in the text of {@code /proc/<pid>/stat}; the command name in field 2 may
     * hold spaces and parentheses, so fields are counted after its last ')'.
     */
    public static Optional<Long> startTimeFromStat(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] fields = stat.substring(close + 1).trim().split("\\s+");
        // fields[0] is field 3 (state); field 22 is starttime
        if (fields.length < 20) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(fields[19]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The state letter (R, S, Z …) in the text of {@code /proc/<pid>/stat}. */
    public static Optional<Character> stateFromStat(String stat) {
        int close = stat.lastIndexOf(')');
        String rest = close < 0 ? "" : stat.substring(close + 1).trim();
        return rest.isEmpty() ? Optional.empty() : Optional.of(rest.charAt(0));
    }
}
