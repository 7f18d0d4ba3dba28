package org.gantry.deps;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A task's declared dependencies, as written in a job's {@code deps} section.
 *
 * <p>Applied in one canonical order: env, bash, module, conda, pip, callBefore, the task's
 * commands, callAfter. Lists keep their written order; maps keep insertion order.
 */
public record Deps(
        Map<String, String> env,
        List<String> bash,
        List<String> module,
        Optional<Conda> conda,
        Optional<Pip> pip,
        List<String> callBefore,
        List<String> callAfter) {

    public static final Deps EMPTY = new Deps(Map.of(), List.of(), List.of(), Optional.empty(),
            Optional.empty(), List.of(), List.of());

    public Deps {
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        bash = List.copyOf(bash);
        module = List.copyOf(module);
        callBefore = List.copyOf(callBefore);
        callAfter = List.copyOf(callAfter);
    }

    /** conda: channels and packages, or a named env / environment file to use instead. */
    public record Conda(List<String> channels, List<String> packages, Optional<String> env,
                        Optional<String> file) {
        public Conda {
            channels = List.copyOf(channels);
            packages = List.copyOf(packages);
        }
    }

    /** pip: pinned packages and/or a requirements file, installed into a cached virtualenv. */
    public record Pip(List<String> packages, Optional<String> requirements) {
        public Pip {
            packages = List.copyOf(packages);
        }
    }

    public boolean isEmpty() {
        return env.isEmpty() && bash.isEmpty() && module.isEmpty() && conda.isEmpty()
                && pip.isEmpty() && callBefore.isEmpty() && callAfter.isEmpty();
    }

    /**
     * Job-level deps extended by a task role's: lists append (job first), env vars of the
     * task role override the job's, conda and pip of the task role replace the job's.
     */
    public Deps extendedBy(Deps role) {
        Map<String, String> mergedEnv = new LinkedHashMap<>(env);
        mergedEnv.putAll(role.env);
        return new Deps(mergedEnv, concat(bash, role.bash), concat(module, role.module),
                role.conda.isPresent() ? role.conda : conda,
                role.pip.isPresent() ? role.pip : pip,
                concat(callBefore, role.callBefore), concat(callAfter, role.callAfter));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
