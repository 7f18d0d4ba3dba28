package org.gantry.deps;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything needed to render one task's script.
 *
 * @param deps         the task's deps, job-level and task role already merged
 *                     ({@link Deps#extendedBy})
 * @param commands     the task role's commands, in order
 * @param preCommands  the deployment's commands run right before {@code commands}
 * @param postCommands the deployment's commands run right after {@code commands}
 * @param runtimeEnv   variables exported before any step, in order: OpenPAI's {@code PAI_*} and
 *                     Gantry's {@code GANTRY_*} runtime variables
 * @param cacheDir     absolute directory (or one under {@code ~/}) on the machine that runs the
 *                     task, shared by its tasks, holding the cached virtualenvs and conda envs
 * @param statusDir    where the script writes {@code steps.tsv} and the steps' stderr files;
 *                     relative paths are taken from the directory the script starts in
 * @param pipOptions   how virtualenvs are built
 */
public record TaskScriptRequest(
        Deps deps,
        List<String> commands,
        List<String> preCommands,
        List<String> postCommands,
        Map<String, String> runtimeEnv,
        String cacheDir,
        String statusDir,
        PipOptions pipOptions) {

    public static final String DEFAULT_STATUS_DIR = ".gantry";

    public TaskScriptRequest {
        commands = List.copyOf(commands);
        preCommands = List.copyOf(preCommands);
        postCommands = List.copyOf(postCommands);
        runtimeEnv = Collections.unmodifiableMap(new LinkedHashMap<>(runtimeEnv));
        if (!cacheDir.startsWith("/") && !cacheDir.startsWith("~/")) {
            // a relative cache would follow the task's `cd`s and stop being shared
            throw new IllegalArgumentException("cache dir must be absolute or start with ~/: " + cacheDir);
        }
        if (statusDir.isBlank() || statusDir.contains("\n")) {
            throw new IllegalArgumentException("status dir must be a single non-blank path");
        }
    }

    public static Builder builder(String cacheDir) {
        return new Builder(cacheDir);
    }

    /** Builds a request; everything but the cache dir has an empty or default value. */
    public static final class Builder {
        private Deps deps = Deps.EMPTY;
        private List<String> commands = List.of();
        private List<String> preCommands = List.of();
        private List<String> postCommands = List.of();
        private Map<String, String> runtimeEnv = Map.of();
        private final String cacheDir;
        private String statusDir = DEFAULT_STATUS_DIR;
        private PipOptions pipOptions = PipOptions.DEFAULT;

        private Builder(String cacheDir) {
            this.cacheDir = cacheDir;
        }

        public Builder deps(Deps value) {
            deps = value;
            return this;
        }

        public Builder commands(List<String> value) {
            commands = value;
            return this;
        }

        public Builder preCommands(List<String> value) {
            preCommands = value;
            return this;
        }

        public Builder postCommands(List<String> value) {
            postCommands = value;
            return this;
        }

        /** Keeps the map's iteration order; pass a {@link LinkedHashMap} to choose it. */
        public Builder runtimeEnv(Map<String, String> value) {
            runtimeEnv = value;
            return this;
        }

        public Builder statusDir(String value) {
            statusDir = value;
            return this;
        }

        public Builder pipOptions(PipOptions value) {
            pipOptions = value;
            return this;
        }

        public TaskScriptRequest build() {
            return new TaskScriptRequest(deps, commands, preCommands, postCommands, runtimeEnv,
                    cacheDir, statusDir, pipOptions);
        }
    }
}
