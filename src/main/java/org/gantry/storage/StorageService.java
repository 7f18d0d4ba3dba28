package org.gantry.storage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.gantry.base.GantryProperties;
import org.gantry.job.SecretCipher;
import org.gantry.security.CurrentUser;
import org.gantry.security.UserAccount;
import org.gantry.security.UserGroup;
import org.gantry.security.UserService;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The registry of storages and who may use them: an administrator registers storages for
 * groups; every user also has a personal storage, {@value #PERSONAL}, a folder of their own
 * under {@code gantry.storage.home-root}. Credentials are sealed with the job secrets' key and
 * opened only to hand them to the backend.
 */
@Service
public class StorageService {

    /** The name of every user's personal storage; an administrator cannot register a storage so named. */
    public static final String PERSONAL = "home";
    public static final String NAME_PATTERN = "[A-Za-z0-9][A-Za-z0-9_.-]{0,63}";
    /** An entry of {@code mountedOn}: an executor kind, or a kind and one of its targets. */
    public static final String MOUNTED_ON_PATTERN = "(ssh|slurm)(:[A-Za-z0-9_.@-]{1,255})?";

    private final StorageRepository storages;
    private final StorageBackend backend;
    private final SecretCipher cipher;
    private final UserService users;
    private final CurrentUser currentUser;
    private final Path homeRoot;

    StorageService(StorageRepository storages, StorageBackend backend, SecretCipher cipher, UserService users,
                   CurrentUser currentUser, StorageProperties properties, GantryProperties gantry) {
        this.storages = storages;
        this.backend = backend;
        this.cipher = cipher;
        this.users = users;
        this.currentUser = currentUser;
        this.homeRoot = (properties.homeRoot() == null ? gantry.dataDir().resolve("homes") : properties.homeRoot())
                .toAbsolutePath().normalize();
    }

    /**
     * What an administrator sets. {@code credentials}: null keeps the stored ones, empty removes them.
     * {@code mountPath} empty means {@code /mnt/<name>}. {@code mountedOn}: see {@link StorageInfo#mountedOn()}.
     */
    public record StorageSettings(String name, StorageKind kind, String rootUri, String credentials, boolean readOnly,
                                  boolean isDefault, String mountPath, Set<String> groups, String description,
                                  Set<String> mountedOn) {
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public List<StorageInfo> all() {
        return storages.findAllByOrderByName().stream().map(StorageService::info).toList();
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public StorageInfo save(StorageSettings settings) {
        String name = settings.name() == null ? "" : settings.name().trim();
        if (!name.matches(NAME_PATTERN)) {
            throw invalid("A storage name is 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit");
        }
        if (name.equals(PERSONAL)) {
            throw invalid("'" + PERSONAL + "' is every user's personal storage; choose another name");
        }
        if (settings.kind() == null) {
            throw invalid("Choose the storage's kind");
        }
        String rootUri = settings.rootUri() == null ? "" : settings.rootUri().trim();
        backend.checkUri(settings.kind(), rootUri).ifPresent(problem -> {
            throw invalid(problem);
        });
        if (rootUri.length() > Storage.URI_MAX) {
            throw invalid("The root URI is longer than " + Storage.URI_MAX + " characters");
        }
        String mountPath = settings.mountPath() == null || settings.mountPath().isBlank() ? "/mnt/" + name
                : settings.mountPath().trim();
        if (!mountPath.startsWith("/") || mountPath.contains("..") || mountPath.length() > Storage.PATH_MAX
                || mountPath.equals("/")) {
            throw invalid("The mount path is an absolute path such as /mnt/" + name);
        }
        Set<String> groups = new TreeSet<>();
        for (String group : settings.groups() == null ? Set.<String>of() : settings.groups()) {
            if (!group.isBlank()) {
                groups.add(group.trim());
            }
        }
        Set<String> mountedOn = new TreeSet<>();
        for (String entry : settings.mountedOn() == null ? Set.<String>of() : settings.mountedOn()) {
            if (entry.isBlank()) {
                continue;
            }
            if (!entry.trim().matches(MOUNTED_ON_PATTERN)) {
                throw invalid("'" + entry.trim() + "' names no executor: write ssh, slurm, ssh:<host> or"
                        + " slurm:<partition>");
            }
            mountedOn.add(entry.trim());
        }
        Storage storage = storages.findByName(name).orElseGet(() -> new Storage(name));
        if (settings.kind() != StorageKind.SFTP) {
            storage.setHostKey(null);
        } else if (storage.getHostKey() == null || storage.getKind() != StorageKind.SFTP
                || !serverOf(storage.getRootUri()).equals(serverOf(rootUri))) {
            // pinned now, and only again when the storage moves to another server (decision 0014)
            storage.setHostKey(backend.hostKey(rootUri));
        }
        storage.apply(settings.kind(), rootUri, settings.readOnly(), settings.isDefault(), mountPath,
                settings.description() == null ? "" : settings.description().trim(), groups);
        storage.setMountedOn(mountedOn);
        if (settings.credentials() != null) {
            storage.setCredentials(settings.credentials().isEmpty() ? null
                    : cipher.seal(settings.credentials(), storage.sealContext()));
        }
        return info(storages.save(storage));
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public boolean delete(String name) {
        Optional<Storage> storage = storages.findByName(name);
        storage.ifPresent(storages::delete);
        return storage.isPresent();
    }

    /** The caller's storages: the personal one first, then those of their groups (all, for an administrator). */
    @Transactional(readOnly = true)
    public List<StorageInfo> mine() {
        return of(currentUser.require(), currentUser.isAdmin());
    }

    /**
     * The storages {@code username} may use, as {@link #mine()} answers them to that user; for
     * work done on a user's behalf with nobody signed in (a job's launch).
     */
    @Transactional(readOnly = true)
    public List<StorageInfo> storagesOf(String username) {
        return of(username, users.find(username).map(UserAccount::isAdmin).orElse(false));
    }

    private List<StorageInfo> of(String username, boolean admin) {
        Set<String> groups = groupsOf(username);
        List<StorageInfo> mine = new ArrayList<>();
        mine.add(personal(username));
        for (Storage storage : storages.findAllByOrderByName()) {
            if (admin || storage.getGroups().stream().anyMatch(groups::contains)) {
                mine.add(info(storage));
            }
        }
        return mine;
    }

    /**
     * Where a storage of {@code username} lies on Gantry's own host, for jobs that mount it
     * there: empty when it is no local directory (an SFTP or other VFS root). The directory is
     * created when missing, as opening it for files does.
     */
    @Transactional(readOnly = true)
    public Optional<Path> hostDirectory(String username, StorageInfo info) {
        if (info.kind() != StorageKind.LOCAL) {
            return Optional.empty();
        }
        String root = info.personal() ? homeOf(username).toString() : info.rootUri();
        return backend.open(StorageKind.LOCAL, root, Optional.empty()).localPath(StoragePath.ROOT);
    }

    /** One of the caller's storages; NO_STORAGE when none is so named, FORBIDDEN when it is not theirs. */
    @Transactional(readOnly = true)
    public StorageInfo find(String name) {
        String username = currentUser.require();
        if (PERSONAL.equals(name)) {
            return personal(username);
        }
        Storage storage = storages.findByName(name).orElseThrow(() -> new StorageException(
                StorageException.Kind.NO_STORAGE, "Storage " + name + " is not found."));
        if (!mayUse(storage, groupsOf(username))) {
            throw new StorageException(StorageException.Kind.FORBIDDEN, "User " + username
                    + " is not allowed to access storage " + name + ".");
        }
        return info(storage);
    }

    /** The caller's storage opened for file operations; FORBIDDEN for a write to a read-only storage. */
    @Transactional(readOnly = true)
    public StorageRoot open(String name, boolean write) {
        StorageInfo info = find(name);
        if (write && info.readOnly()) {
            throw new StorageException(StorageException.Kind.FORBIDDEN, "Storage " + name + " is read-only.");
        }
        if (info.personal()) {
            return backend.open(StorageKind.LOCAL, homeOf(currentUser.require()).toString(), Optional.empty());
        }
        Storage storage = storages.findByName(name).orElseThrow();
        Optional<String> password = Optional.ofNullable(storage.getCredentials())
                .map(sealed -> cipher.open(sealed, storage.sealContext()));
        return backend.open(storage.getKind(), storage.getRootUri(), password, Optional.ofNullable(storage.getHostKey()));
    }

    /**
     * A registered storage opened for Gantry's own work, with nobody signed in (the scheduled
     * usage export): no user's access applies, so {@code name} must come from the
     * administrator's configuration, never from a request. NO_STORAGE when none is so named or
     * it is the personal one; FORBIDDEN for a write to a read-only storage.
     */
    @Transactional(readOnly = true)
    public StorageRoot openForGantry(String name, boolean write) {
        Storage storage = storages.findByName(name).orElseThrow(() -> new StorageException(
                StorageException.Kind.NO_STORAGE, "Storage " + name + " is not found; register it under"
                        + " Admin: storages or correct the setting that names it."));
        if (write && storage.isReadOnly()) {
            throw new StorageException(StorageException.Kind.FORBIDDEN, "Storage " + name + " is read-only.");
        }
        Optional<String> password = Optional.ofNullable(storage.getCredentials())
                .map(sealed -> cipher.open(sealed, storage.sealContext()));
        return backend.open(storage.getKind(), storage.getRootUri(), password, Optional.ofNullable(storage.getHostKey()));
    }

    /** {@code host:port} of a URI, empty when it has none. */
    private static String serverOf(String uri) {
        try {
            java.net.URI parsed = new java.net.URI(uri);
            return parsed.getHost() == null ? "" : parsed.getHost() + ":" + parsed.getPort();
        } catch (java.net.URISyntaxException e) {
            return "";
        }
    }

    private boolean mayUse(Storage storage, Set<String> groups) {
        return currentUser.isAdmin() || storage.getGroups().stream().anyMatch(groups::contains);
    }

    private Set<String> groupsOf(String username) {
        Set<String> names = new TreeSet<>();
        users.find(username).ifPresent(account -> account.getGroups().stream().map(UserGroup::getName).forEach(names::add));
        return names;
    }

    Path homeOf(String username) {
        return homeRoot.resolve(username);
    }

    private StorageInfo personal(String username) {
        return new StorageInfo(PERSONAL, StorageKind.LOCAL, homeOf(username).toUri().toString(), false, true,
                "/mnt/" + PERSONAL, Set.of(), "Your own files", true, false, Set.of());
    }

    private static StorageInfo info(Storage storage) {
        return new StorageInfo(storage.getName(), storage.getKind(), storage.getRootUri(), storage.isReadOnly(),
                storage.isDefaultStorage(), storage.getMountPath(), Set.copyOf(storage.getGroups()),
                storage.getDescription(), false, storage.getCredentials() != null, storage.getMountedOn());
    }

    private static StorageException invalid(String message) {
        return new StorageException(StorageException.Kind.INVALID, message);
    }
}
