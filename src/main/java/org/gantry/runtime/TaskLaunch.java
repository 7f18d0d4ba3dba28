package org.gantry.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything an executor needs to start one task attempt.
 *
 * @param ref       which attempt of which task; executors derive directories and names from it
 * @param script    the complete bash script of the task (deps and commands, see
 *                  {@code org.gantry.deps.TaskScriptRenderer}); run with bash in the task's
 *                  working directory
 * @param env       variables exported before the script runs, in order: OpenPAI's {@code PAI_*}
 *                  and Gantry's {@code GANTRY_*} runtime variables ({@link TaskEnvironment});
 *                  nothing of Gantry's own environment reaches a task
 * @param resources what the task needs; the local executor enforces {@code memoryMB}
 * @param mounts    the storages the task sees ({@code extras.storages}); each one's path is
 *                  also in {@code env} as {@link TaskMount#variable()}
 */
public record TaskLaunch(AttemptRef ref, String script, Map<String, String> env, Resources resources,
                         List<TaskMount> mounts) {

    public TaskLaunch {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(resources, "resources");
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        env.keySet().forEach(TaskLaunch::requireName);
        mounts = List.copyOf(mounts);
    }

    /** Without storages. */
    public TaskLaunch(AttemptRef ref, String script, Map<String, String> env, Resources resources) {
        this(ref, script, env, resources, List.of());
    }

    /** The same launch with these storages, their variables added to the environment. */
    public TaskLaunch withMounts(List<TaskMount> storages) {
        Map<String, String> withPaths = new LinkedHashMap<>(env);
        storages.forEach(mount -> withPaths.put(mount.variable(), mount.mountPath()));
        return new TaskLaunch(ref, script, withPaths, resources, storages);
    }

    private static void requireName(String name) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("Not an environment variable name: " + name);
        }
    }
}
