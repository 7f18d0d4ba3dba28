package org.gantry.job.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.deps.Deps;

/**
 * One task role: {@code instances} identical tasks running {@code commands}.
 *
 * <p>{@code dockerImage}, {@code data}, {@code output} and {@code script} name prerequisites
 * of the matching type (checked by the parser).
 */
public record TaskRole(String name, int instances, Completion completion, int taskRetryCount,
                       Optional<String> dockerImage, Optional<String> data,
                       Optional<String> output, Optional<String> script,
                       ExtraContainerOptions extraContainerOptions,
                       ResourcePerInstance resourcePerInstance, List<String> commands,
                       Deps deps) {

    public TaskRole {
        commands = List.copyOf(commands);
    }

    /** Whether {@code name} may name a task role: a C identifier, as OpenPAI requires, not too long. */
    public static boolean isValidName(String name) {
        return name.length() <= ProtocolLimits.MAX_ROLE_NAME_LENGTH && Names.IDENTIFIER.matcher(name).matches();
    }

    /**
     * When the role decides the job's outcome. Empty means "never by count": for
     * {@code minFailedInstances} failures never fail the job, for
     * {@code minSucceededInstances} the job succeeds only when all tasks have completed.
     * OpenPAI writes empty as {@code null} or {@code -1}.
     */
    public record Completion(OptionalInt minFailedInstances, OptionalInt minSucceededInstances) {
        public static final Completion DEFAULT = new Completion(OptionalInt.of(1), OptionalInt.empty());
    }

    /** Container options; Gantry's executors ignore what they cannot honour. */
    public record ExtraContainerOptions(OptionalInt shmMB, boolean infiniband) {
        public static final ExtraContainerOptions NONE = new ExtraContainerOptions(OptionalInt.empty(), false);
    }

    /**
     * What each task needs; {@code ports} maps a label to how many ports to reserve.
     * Fields left out of the document take the values of {@link #DEFAULT}.
     */
    public record ResourcePerInstance(int cpu, int memoryMB, int gpu, Map<String, Integer> ports) {
        public static final ResourcePerInstance DEFAULT = new ResourcePerInstance(1, 1024, 0, Map.of());

        public ResourcePerInstance {
            ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
        }
    }
}
