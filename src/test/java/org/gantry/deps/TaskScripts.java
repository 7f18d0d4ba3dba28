package org.gantry.deps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Test kit: renders a task script into a working dir and runs it with the real bash. */
final class TaskScripts {

    /** A guard against a hung script, not a measurement: the tests assert no timing. */
    private static final long HANG_GUARD_MINUTES = 5;

    private TaskScripts() {
    }

    record Run(int exitCode, String stdout, String stderr, StepResults results) {
        String failureMessage() {
            return results.failureMessage().orElseThrow();
        }
    }

    static Deps deps(Map<String, String> env, List<String> bash, List<String> module,
                     Optional<Deps.Conda> conda, Optional<Deps.Pip> pip,
                     List<String> callBefore, List<String> callAfter) {
        return new Deps(env, bash, module, conda, pip, callBefore, callAfter);
    }

    static Deps bashDeps(List<String> bash) {
        return deps(Map.of(), bash, List.of(), Optional.empty(), Optional.empty(), List.of(), List.of());
    }

    static Run run(Path taskDir, TaskScriptRequest request) throws IOException, InterruptedException {
        return run(taskDir, request, Map.of());
    }

    /** Runs the script in {@code taskDir}; {@code env} is added to this JVM's environment. */
    static Run run(Path taskDir, TaskScriptRequest request, Map<String, String> env)
            throws IOException, InterruptedException {
        Process process = start(taskDir, request, env);
        return await(taskDir, request, process);
    }

    /**
     * Deletes a tree without following links: a venv links to its interpreter outside the tree,
     * and JUnit's temp dir cleanup warns about every such link it meets.
     */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    static Process start(Path taskDir, TaskScriptRequest request, Map<String, String> env)
            throws IOException {
        return start(taskDir, request, env, List.of());
    }

    /** Starts the script through {@code launcher} (e.g. {@code setsid}) when it is not empty. */
    static Process start(Path taskDir, TaskScriptRequest request, Map<String, String> env,
                         List<String> launcher) throws IOException {
        Files.createDirectories(taskDir);
        Path script = taskDir.resolve("task.sh");
        Files.writeString(script, new TaskScriptRenderer().render(request));
        List<String> command = new ArrayList<>(launcher);
        command.add("bash");
        command.add(script.toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(taskDir.toFile())
                .redirectOutput(taskDir.resolve("stdout.log").toFile())
                .redirectError(taskDir.resolve("stderr.log").toFile());
        Map<String, String> environment = builder.environment();
        environment.remove("CONDA_EXE");
        environment.remove("CONDA_PREFIX");
        environment.remove("VIRTUAL_ENV");
        // pip reads this machine's own configuration and PIP_* variables: keep tests hermetic
        environment.keySet().removeIf(name -> name.startsWith("PIP_"));
        environment.put("PIP_CONFIG_FILE", "/dev/null");
        environment.putAll(new HashMap<>(env));
        return builder.start();
    }

    static Run await(Path taskDir, TaskScriptRequest request, Process process)
            throws IOException, InterruptedException {
        if (!process.waitFor(HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("task script still running after " + HANG_GUARD_MINUTES + " min");
        }
        return new Run(process.exitValue(),
                Files.readString(taskDir.resolve("stdout.log"), StandardCharsets.UTF_8),
                Files.readString(taskDir.resolve("stderr.log"), StandardCharsets.UTF_8),
                StepResults.read(taskDir, request.statusDir()));
    }
}
