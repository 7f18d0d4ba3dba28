package org.gantry.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gantry.job.JobStorages;
import org.gantry.job.lint.LintContext;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.Problem;
import org.gantry.security.VirtualCluster;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which storages a job's tasks see and where, for the executor that runs them: on Gantry's own
 * host (the local executor) a local storage's directory, mounted into the task's view at its
 * mount path; on SSH hosts and Slurm nodes a storage the administrator says is mounted there,
 * at its own mount path. Anything else is refused at submission, with what to change, and again
 * at launch. See docs/decisions/0034-storages-in-jobs.md.
 */
@Service
class JobStorageMounts implements JobStorages {

    /** A mount path a job may choose: absolute, under /mnt, plain segments. */
    private static final Pattern JOB_MOUNT_PATH = Pattern.compile("/mnt(/[A-Za-z0-9_][A-Za-z0-9_.-]*)+");
    private static final String LOCAL = "local";

    private final StorageService storages;
    private final StorageRepository registry;

    JobStorageMounts(StorageService storages, StorageRepository registry) {
        this.storages = storages;
        this.registry = registry;
    }

    /** A storage the job asks for, as written. */
    private record Request(String name, Optional<String> mountPath, String where) {
    }

    /** What came of a job's storages: the mounts, or the problems that refuse them. */
    private record Resolution(List<Mount> mounts, List<String> problems, List<String> paths) {
    }

    @Override
    @Transactional(readOnly = true)
    public List<Problem> problems(String username, String executor, String target, JobSpec spec) {
        Resolution resolution = resolve(username, executor, target, spec.extras(), false);
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < resolution.problems().size(); i++) {
            problems.add(new Problem(Problem.Severity.ERROR, "storage-unavailable", resolution.problems().get(i),
                    resolution.paths().get(i), 0, 0, 0, 0, Optional.empty()));
        }
        return problems;
    }

    @Override
    @Transactional(readOnly = true)
    public List<Mount> mounts(String username, String executor, String target, Map<String, Object> extras) {
        Resolution resolution = resolve(username, executor, target, extras, true);
        if (!resolution.problems().isEmpty()) {
            throw new StorageException(StorageException.Kind.FORBIDDEN, String.join("; ", resolution.problems()));
        }
        return resolution.mounts();
    }

    @Override
    @Transactional(readOnly = true)
    public List<LintContext.UsableStorage> usableBy(String username) {
        return storages.storagesOf(username).stream()
                .map(s -> new LintContext.UsableStorage(s.name(), s.mountPath(), s.isDefault())).toList();
    }

    /** {@code locate}: find the host directories of local mounts (opening, and so creating, them). */
    private Resolution resolve(String username, String executor, String target, Map<String, Object> extras,
                               boolean locate) {
        List<Mount> mounts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        Object listed = extras.get("storages");
        if (listed == null) {
            return new Resolution(mounts, problems, paths);
        }
        if (!(listed instanceof List<?> items)) {
            return refused("extras.storages is a list of storages: - name: data", "extras.storages");
        }
        List<StorageInfo> usable = storages.storagesOf(username);
        boolean remote = !LOCAL.equals(executor);
        boolean hostDirs = locate && !remote;
        if (items.isEmpty()) {
            for (StorageInfo storage : usable) {
                // a default storage the executor's machines lack is left out, not refused: the job asked for "mine"
                if (storage.isDefault() && reachable(storage, executor, target).isEmpty()) {
                    mounts.add(mount(username, storage, storage.mountPath(), hostDirs));
                }
            }
            return new Resolution(mounts, problems, paths);
        }
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String where = "extras.storages[" + i + "]";
            if (!(items.get(i) instanceof Map<?, ?> item) || !(item.get("name") instanceof String name)
                    || name.isBlank()) {
                problems.add("Each storage is written `- name: <storage>` with an optional mountPath");
                paths.add(where);
                continue;
            }
            Object mountPath = item.get("mountPath");
            if (mountPath != null && !(mountPath instanceof String)) {
                problems.add("The mountPath of storage " + name + " is a path such as /mnt/" + name);
                paths.add(where + ".mountPath");
                continue;
            }
            requests.add(new Request(name.trim(), Optional.ofNullable((String) mountPath).map(String::trim)
                    .map(p -> p.replaceAll("/+$", "")), where));
        }
        for (Request request : requests) {
            Optional<StorageInfo> storage = usable.stream().filter(s -> s.name().equals(request.name())).findFirst();
            Optional<String> problem;
            if (storage.isEmpty()) {
                problem = Optional.of(registry.findByName(request.name()).isPresent()
                        ? "User " + username + " is not allowed to access storage " + request.name()
                        + "; ask an administrator to add one of your groups to it"
                        : "Storage " + request.name() + " is not found; yours: " + String.join(", ",
                        usable.stream().map(StorageInfo::name).toList()));
            } else {
                problem = reachable(storage.get(), executor, target)
                        .or(() -> checkMountPath(storage.get(), request.mountPath(), remote));
            }
            if (problem.isPresent()) {
                problems.add(problem.get());
                paths.add(request.where());
            } else {
                mounts.add(mount(username, storage.get(), request.mountPath().orElse(storage.get().mountPath()),
                        hostDirs));
            }
        }
        for (int i = 0; i < mounts.size(); i++) {
            for (int j = 0; j < i; j++) {
                String a = mounts.get(i).mountPath();
                String b = mounts.get(j).mountPath();
                if (a.equals(b) || a.startsWith(b + "/") || b.startsWith(a + "/")) {
                    problems.add("Storages " + mounts.get(j).name() + " and " + mounts.get(i).name()
                            + " would be mounted at " + b + " and " + a + ": give each a path of its own");
                    paths.add("extras.storages");
                }
            }
        }
        return new Resolution(mounts, problems, paths);
    }

    private Mount mount(String username, StorageInfo storage, String mountPath, boolean hostDir) {
        return new Mount(storage.name(), mountPath, storage.readOnly(),
                hostDir ? storages.hostDirectory(username, storage) : Optional.empty());
    }

    /** Why the executor's machines cannot see the storage; empty when they can. */
    private static Optional<String> reachable(StorageInfo storage, String executor, String target) {
        if (LOCAL.equals(executor)) {
            return storage.kind() == StorageKind.LOCAL ? Optional.empty()
                    : Optional.of("Storage " + storage.name() + " is " + kindName(storage.kind()) + " storage, which"
                    + " local tasks cannot mount: read and write its files through the REST API or gantry fs,"
                    + " or ask an administrator for a local or NFS directory");
        }
        if (storage.mountedOn().contains(executor)) {
            return Optional.empty();
        }
        // an ssh virtual cluster's task may run on any of its hosts: the storage must be on each
        List<String> missing = VirtualCluster.targets(executor, target).stream()
                .filter(t -> !storage.mountedOn().contains(executor + ":" + t)).toList();
        if (!target.isEmpty() && missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Storage " + storage.name() + " is not mounted on the " + executor + " machines"
                + (target.isEmpty() ? "" : " of " + String.join(", ", missing)) + " that run this virtual cluster"
                + (storage.personal() ? " (a personal storage lives on Gantry's host only)"
                : "; an administrator lists where it is mounted under 'Also mounted on'"));
    }

    private static Optional<String> checkMountPath(StorageInfo storage, Optional<String> mountPath, boolean remote) {
        if (mountPath.isEmpty() || mountPath.get().equals(storage.mountPath())) {
            return Optional.empty();
        }
        if (remote) {
            return Optional.of("Storage " + storage.name() + " is mounted at " + storage.mountPath() + " on those"
                    + " machines; leave out its mountPath or write that one");
        }
        if (!JOB_MOUNT_PATH.matcher(mountPath.get()).matches() || mountPath.get().contains("/../")) {
            return Optional.of("The mountPath " + mountPath.get() + " of storage " + storage.name() + " is not a"
                    + " path under /mnt such as /mnt/" + storage.name());
        }
        return Optional.empty();
    }

    private static String kindName(StorageKind kind) {
        return switch (kind) {
            case LOCAL -> "a local";
            case SFTP -> "an SFTP";
            case VFS -> "a remote (Commons VFS)";
        };
    }

    private static Resolution refused(String problem, String path) {
        return new Resolution(List.of(), List.of(problem), List.of(path));
    }
}
