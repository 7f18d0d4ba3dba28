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
 * only what its owner may.
 */
@Component
class DataReadiness implements InputReadiness {

    private final StorageService storages;
    private final StorageFiles files;
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
                  ObjectProvider<SecurityContextHolderStrategy> strategies) {
        this.storages = storages;
        this.files = files;
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
                checked.add(input + ": " + (unchecked ? "not checked (only local paths, /mnt/<storage>/…,"
                        + " http(s):// and pai:// are)" : problem.orElse("found")));
                problem.ifPresent(why -> missing.add(input + " " + why));
            }
            verdicts.put(jobId, new Verdict(missing.isEmpty() ? State.READY : State.MISSING, checked, missing));
            done.run();
        });
        return Verdict.CHECKING;
    }

    @Override
    public void forget(long jobId) {
        verdicts.remove(jobId);
    }

    /** Each input the job names, with its check: empty when it is there, else why it is missing. */
    Map<String, Supplier<Optional<String>>> checks(String user, JobSpec spec) {
        Map<String, Supplier<Optional<String>>> checks = new LinkedHashMap<>();
        Map<String, String> mounts = mounts(spec);
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

    /** The input's check; null for an input of a kind Gantry does not check (hdfs://, a relative path). */
    private Supplier<Optional<String>> check(String user, String input, Map<String, String> mounts) {
        if (input.startsWith("http://") || input.startsWith("https://")) {
            return () -> head(input);
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

    /** The job's storages by mount path: {@code extras.storages: [{name, mountPath}]}, at /mnt/<name> by default. */
    static Map<String, String> mounts(JobSpec spec) {
        Map<String, String> mounts = new LinkedHashMap<>();
        if (spec.extras().get("storages") instanceof List<?> list) {
            for (Object entry : list) {
                if (entry instanceof Map<?, ?> storage && storage.get("name") instanceof String name) {
                    Object path = storage.get("mountPath");
                    mounts.put(path instanceof String p && !p.isBlank() ? p.replaceAll("/+$", "") : "/mnt/" + name, name);
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
