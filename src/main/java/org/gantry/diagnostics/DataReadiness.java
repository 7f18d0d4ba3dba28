package org.gantry.diagnostics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.gantry.job.JobInputs;
import org.gantry.job.JobStorages;
import org.gantry.job.lint.LintContext;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.Prerequisite;
import org.gantry.runtime.InputReadiness;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageFiles;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.stereotype.Component;

/**
 * Checks the inputs a job names before its tasks are admitted (docs/diagnostics.md, "Data
 * readiness"): the URIs of its {@code data} prerequisites, its {@code extras.storages} and the
 * paths of {@code extras.gantry.inputs}. All at once, in parallel, each within
 * {@code gantry.diagnostics.input-timeout}; storages are read as the job's owner, so a job sees
 * only what its owner may. {@code extras.storages} is read as the storage feature reads it
 * ({@link JobStorages}): {@code storages: []} mounts the owner's default storages, each at its own
 * mount path. hdfs:// inputs are checked over WebHDFS or with the {@code hdfs} command when one
 * is configured, and reported as not checked otherwise.
 */
@Component
class DataReadiness implements InputReadiness, JobInputs {

    private final StorageService storages;
    private final StorageFiles files;
    private final ObjectProvider<JobStorages> jobStorages;
    private final String webhdfs;
    private final String hdfsCommand;
    private final SecurityContextHolderStrategy security;
    private final Duration timeout;
    private final HttpClient http;
    private final Map<Long, Verdict> verdicts = new ConcurrentHashMap<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(8, runnable -> {
        Thread thread = new Thread(runnable, "input-check");
        thread.setDaemon(true);
        return thread;
    });

    DataReadiness(StorageService storages, StorageFiles files, DiagnosticsProperties properties,
                  ObjectProvider<SecurityContextHolderStrategy> strategies, ObjectProvider<JobStorages> jobStorages) {
        this.storages = storages;
        this.files = files;
        this.jobStorages = jobStorages;
        this.webhdfs = properties.getWebhdfsUrl();
        this.hdfsCommand = properties.getHdfsCommand();
        this.security = strategies.getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
        this.timeout = properties.getInputTimeout();
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    @Override
    public Verdict readiness(long jobId, String user, JobSpec spec, Runnable done) {
        Verdict known = verdicts.putIfAbsent(jobId, Verdict.CHECKING);
        if (known != null) {
            return known;
        }
        Map<String, Supplier<Optional<String>>> checks = checks(user, spec);
        if (checks.isEmpty()) {
            Verdict ready = new Verdict(State.READY, List.of(), List.of());
            verdicts.put(jobId, ready);
            return ready;
        }
        List<String> names = new ArrayList<>(checks.keySet());
        List<CompletableFuture<Optional<String>>> answers = new ArrayList<>();
        for (Supplier<Optional<String>> check : checks.values()) {
            if (check == null) {
                answers.add(CompletableFuture.completedFuture(Optional.empty()));
                continue;
            }
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return check.get();
                } catch (RuntimeException e) {
                    return Optional.of("cannot be checked: " + e.getMessage());
                }
            }, pool).completeOnTimeout(Optional.of("no answer within " + timeout.toSeconds() + " s"),
                    timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS));
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).whenComplete((ok, error) -> {
            List<String> checked = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                Optional<String> problem = answers.get(i).getNow(Optional.of("not checked"));
                String input = names.get(i);
                boolean unchecked = checks.get(input) == null;
                checked.add(input + ": " + (unchecked ? notChecked(input) : problem.orElse("found")));
                problem.ifPresent(why -> missing.add(input + " " + why));
            }
            verdicts.put(jobId, new Verdict(missing.isEmpty() ? State.READY : State.MISSING, checked, missing));
            done.run();
        });
        return Verdict.CHECKING;
    }

    /**
     * For the linter: local and storage paths only, on the check pool (storages are read as the
     * owner there, never in the caller's security context), each bounded by the input timeout.
     */
    @Override
    public Map<String, String> missing(String username, JobSpec spec) {
        Map<String, String> mounts = mounts(spec, usable(username, spec));
        Set<String> inputs = new LinkedHashSet<>();
        spec.prerequisites().stream().filter(p -> p.type() == Prerequisite.Type.DATA)
                .forEach(p -> inputs.addAll(p.uri()));
        inputs.addAll(declaredInputs(spec));
        Map<String, CompletableFuture<Optional<String>>> answers = new LinkedHashMap<>();
        for (String input : inputs) {
            String path = input.trim();
            Supplier<Optional<String>> check = path.startsWith("/") ? check(username, path, mounts) : null;
            if (check != null) {
                answers.put(input, CompletableFuture.supplyAsync(check, pool)
                        .completeOnTimeout(Optional.empty(), timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                        .exceptionally(e -> Optional.empty()));
            }
        }
        Map<String, String> missing = new LinkedHashMap<>();
        answers.forEach((input, answer) -> answer.join().ifPresent(why -> missing.put(input, why)));
        return missing;
    }

    @Override
    public void forget(long jobId) {
        verdicts.remove(jobId);
    }

    /** Each input the job names, with its check: empty when it is there, else why it is missing. */
    Map<String, Supplier<Optional<String>>> checks(String user, JobSpec spec) {
        Map<String, Supplier<Optional<String>>> checks = new LinkedHashMap<>();
        Map<String, String> mounts = mounts(spec, usable(user, spec));
        for (Map.Entry<String, String> mount : mounts.entrySet()) {
            String storage = mount.getValue();
            checks.put("storage " + storage, () -> asUser(user, () -> {
                try {
                    storages.find(storage);
                    return Optional.empty();
                } catch (StorageException e) {
                    return Optional.of("is not usable: " + e.getMessage());
                }
            }));
        }
        Set<String> inputs = new LinkedHashSet<>();
        spec.prerequisites().stream().filter(p -> p.type() == Prerequisite.Type.DATA)
                .forEach(p -> inputs.addAll(p.uri()));
        inputs.addAll(declaredInputs(spec));
        for (String input : inputs) {
            checks.put(input, check(user, input.trim(), mounts));  // null: not checked, see check()
        }
        return checks;
    }

    /**
     * The input's check; null for an input of a kind Gantry does not check (a relative path, or
     * hdfs:// without WebHDFS or the hdfs command configured).
     */
    private Supplier<Optional<String>> check(String user, String input, Map<String, String> mounts) {
        if (input.startsWith("http://") || input.startsWith("https://")) {
            return () -> head(input);
        }
        if (input.startsWith("hdfs://")) {
            if (!webhdfs.isEmpty()) {
                return () -> webHdfs(user, input);
            }
            return hdfsCommand.isEmpty() ? null : () -> hdfsTest(user, input);
        }
        if (input.startsWith("pai://")) {
            // pai://<cluster>/<storage>/<path>: the cluster is the one running the job
            String[] parts = input.substring("pai://".length()).split("/", 3);
            if (parts.length < 2) {
                return () -> Optional.of("is not a pai://<cluster>/<storage>/<path> URI");
            }
            return () -> inStorage(user, parts[1], parts.length > 2 ? parts[2] : "");
        }
        if (input.startsWith("/mnt/")) {
            for (Map.Entry<String, String> mount : mounts.entrySet()) {
                if (input.equals(mount.getKey()) || input.startsWith(mount.getKey() + "/")) {
                    return () -> inStorage(user, mount.getValue(), input.substring(mount.getKey().length()));
                }
            }
            String[] parts = input.substring("/mnt/".length()).split("/", 2);
            return () -> inStorage(user, parts[0], parts.length > 1 ? parts[1] : "");
        }
        if (input.startsWith("/")) {
            return () -> Files.exists(Path.of(input)) ? Optional.empty() : Optional.of("does not exist");
        }
        return null;
    }

    private String notChecked(String input) {
        if (input.startsWith("hdfs://")) {
            return "not checked (set gantry.diagnostics.webhdfs-url or gantry.diagnostics.hdfs-command to check"
                    + " hdfs:// inputs)";
        }
        return "not checked (only local paths, /mnt/<storage>/…, http(s)://, pai:// and configured hdfs:// are)";
    }

    /** {@code GETFILESTATUS} of the URI's path as the job's owner: 200 found, 404 missing. */
    private Optional<String> webHdfs(String user, String input) {
        URI uri;
        try {
            uri = URI.create(input);
        } catch (IllegalArgumentException e) {
            return Optional.of("is not an hdfs:// URI: " + e.getMessage());
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String url = webhdfs + "/webhdfs/v1" + path + "?op=GETFILESTATUS&user.name="
                + java.net.URLEncoder.encode(user, java.nio.charset.StandardCharsets.UTF_8);
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET().build();
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 200) {
                return Optional.empty();
            }
            return Optional.of(status == 404 ? "does not exist in HDFS" : "was refused by WebHDFS: HTTP " + status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("was not checked: interrupted");
        } catch (Exception e) {
            return Optional.of("cannot be checked: WebHDFS at " + webhdfs + " cannot be reached ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
    }

    /** {@code hdfs dfs -test -e URI} as the job's owner (HADOOP_USER_NAME): 0 found, 1 missing. */
    private Optional<String> hdfsTest(String user, String input) {
        ProcessBuilder builder = new ProcessBuilder(hdfsCommand, "dfs", "-test", "-e", input).redirectErrorStream(true);
        builder.environment().put("HADOOP_USER_NAME", user);
        Process process = null;
        try {
            process = builder.start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readNBytes(4096);
            if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                return Optional.of("was not checked: " + hdfsCommand + " gave no answer within " + timeout.toSeconds()
                        + " s");
            }
            return switch (process.exitValue()) {
                case 0 -> Optional.empty();
                case 1 -> Optional.of("does not exist in HDFS");
                default -> Optional.of("cannot be checked: " + hdfsCommand + " dfs -test exited " + process.exitValue()
                        + ": " + new String(output, java.nio.charset.StandardCharsets.UTF_8).strip());
            };
        } catch (java.io.IOException e) {
            return Optional.of("cannot be checked: " + hdfsCommand + " cannot be run (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("was not checked: interrupted");
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    /** The storages the owner may mount, when the job lists storages at all (the storage feature knows). */
    private List<LintContext.UsableStorage> usable(String user, JobSpec spec) {
        JobStorages known = jobStorages.getIfAvailable();
        if (known == null || !(spec.extras().get("storages") instanceof List<?>)) {
            return List.of();
        }
        return known.usableBy(user);
    }

    private Optional<String> inStorage(String user, String storage, String path) {
        return asUser(user, () -> {
            try {
                return files.stat(storage, StoragePath.of(path)).isPresent() ? Optional.empty()
                        : Optional.of("does not exist in storage " + storage);
            } catch (StorageException e) {
                return Optional.of("cannot be read: " + e.getMessage());
            }
        });
    }

    private Optional<String> head(String uri) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(uri)).timeout(timeout)
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build();
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            return status < 400 ? Optional.empty() : Optional.of("answers HTTP " + status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("was not checked: interrupted");
        } catch (Exception e) {
            return Optional.of("cannot be reached: " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()));
        }
    }

    private <T> T asUser(String user, Supplier<T> work) {
        SecurityContext context = security.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null,
                List.of(new SimpleGrantedAuthority("ROLE_USER"))));
        security.setContext(context);
        try {
            return work.get();
        } finally {
            security.clearContext();
        }
    }

    /**
     * The job's storages by mount path, as the storage feature mounts them: {@code
     * extras.storages: [{name, mountPath}]} at the storage's own mount path (/mnt/<name> when it
     * is not among {@code usable}) unless the job names one; {@code storages: []} the owner's
     * default storages.
     */
    static Map<String, String> mounts(JobSpec spec, List<LintContext.UsableStorage> usable) {
        Map<String, String> mounts = new LinkedHashMap<>();
        if (spec.extras().get("storages") instanceof List<?> list) {
            if (list.isEmpty()) {
                usable.stream().filter(LintContext.UsableStorage::isDefault)
                        .forEach(s -> mounts.put(s.mountPath().replaceAll("/+$", ""), s.name()));
            }
            for (Object entry : list) {
                if (entry instanceof Map<?, ?> storage && storage.get("name") instanceof String name) {
                    Object path = storage.get("mountPath");
                    String own = usable.stream().filter(s -> s.name().equals(name.trim())).findFirst()
                            .map(LintContext.UsableStorage::mountPath).orElse("/mnt/" + name.trim());
                    mounts.put((path instanceof String p && !p.isBlank() ? p.trim() : own).replaceAll("/+$", ""),
                            name.trim());
                }
            }
        }
        return mounts;
    }

    /** {@code extras.gantry.inputs}: a list of paths and URIs. */
    static List<String> declaredInputs(JobSpec spec) {
        if (spec.extras().get("gantry") instanceof Map<?, ?> gantry && gantry.get("inputs") instanceof List<?> list) {
            return list.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return List.of();
    }
}
