package org.gantry.runtime.reconcile;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * OpenPAI's completion policy: when the outcome of a job's tasks decides the job.
 * <ul>
 *   <li>A role's {@code minFailedInstances} failed tasks (after their retries) fail the job;
 *       empty means failures never fail it.</li>
 *   <li>A role's {@code minSucceededInstances} succeeded tasks succeed the job; empty means the
 *       job succeeds once every task of every role has ended without a failure verdict.</li>
 *   <li>Failure is checked first, so a task set that meets both fails the job.</li>
 * </ul>
 * A verdict ends the job: its remaining tasks are stopped.
 */
final class CompletionPolicy {

    private CompletionPolicy() {
    }

    /** A task's state as the policy sees it; a task that will be retried is still running. */
    public enum TaskState { PENDING, RUNNING, SUCCEEDED, FAILED, STOPPED }

    public record Role(String name, int instances, OptionalInt minFailedInstances,
                       OptionalInt minSucceededInstances) {
    }

    public record Task(String role, int index, TaskState state) {
    }

    public enum Outcome { CONTINUE, SUCCEEDED, FAILED }

    /** The job's outcome and, for an end, the rule that decided it. */
    public record Verdict(Outcome outcome, Optional<String> reason) {
        static final Verdict CONTINUE = new Verdict(Outcome.CONTINUE, Optional.empty());
    }

    public static Verdict verdict(List<Role> roles, List<Task> tasks) {
        Map<String, List<Task>> byRole = tasks.stream().collect(Collectors.groupingBy(Task::role));
        Function<Role, Long> failed = r -> count(byRole.get(r.name()), TaskState.FAILED);
        for (Role role : roles) {
            long failures = failed.apply(role);
            if (role.minFailedInstances().isPresent() && failures >= role.minFailedInstances().getAsInt()) {
                return new Verdict(Outcome.FAILED, Optional.of("task role " + role.name() + ": " + failures
                        + " failed task(s) reached minFailedInstances " + role.minFailedInstances().getAsInt()));
            }
        }
        for (Role role : roles) {
            long successes = count(byRole.get(role.name()), TaskState.SUCCEEDED);
            if (role.minSucceededInstances().isPresent() && successes >= role.minSucceededInstances().getAsInt()) {
                return new Verdict(Outcome.SUCCEEDED, Optional.of("task role " + role.name() + ": " + successes
                        + " succeeded task(s) reached minSucceededInstances "
                        + role.minSucceededInstances().getAsInt()));
            }
        }
        boolean allEnded = tasks.stream().allMatch(t -> t.state() == TaskState.SUCCEEDED
                || t.state() == TaskState.FAILED || t.state() == TaskState.STOPPED);
        if (allEnded && !tasks.isEmpty()) {
            if (tasks.stream().anyMatch(t -> t.state() == TaskState.STOPPED)) {
                return new Verdict(Outcome.FAILED, Optional.of("tasks were stopped"));
            }
            return new Verdict(Outcome.SUCCEEDED, Optional.of("all tasks ended"));
        }
        return Verdict.CONTINUE;
    }

    private static long count(List<Task> tasks, TaskState state) {
        return tasks == null ? 0 : tasks.stream().filter(t -> t.state() == state).count();
    }
}
