package org.gantry.storage;

import java.util.Set;

/**
 * A storage as users and views see it: never its credentials. {@code rootUri} keeps no
 * password; {@code personal} marks the caller's own home storage, which is not in the registry.
 * {@code mountedOn}: executor kinds ({@code slurm}) or {@code kind:target} entries ({@code ssh:gpu1})
 * whose machines have the storage mounted at {@code mountPath}; local tasks need none of it.
 */
public record StorageInfo(String name, StorageKind kind, String rootUri, boolean readOnly, boolean isDefault,
                          String mountPath, Set<String> groups, String description, boolean personal,
                          boolean hasCredentials, Set<String> mountedOn) {

    public StorageInfo {
        groups = Set.copyOf(groups);
        mountedOn = Set.copyOf(mountedOn);
    }
}
