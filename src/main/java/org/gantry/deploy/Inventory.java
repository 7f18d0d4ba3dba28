package org.gantry.deploy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The machines a deploy turns into a Gantry cluster, as read from an inventory file
 * ({@link InventoryParser}); valid by construction: one system machine, at least one compute
 * machine, unique names and addresses.
 *
 * @param file the inventory file; the deploy's state (pinned host keys) lives beside it
 * @param gantry where Gantry answers and how it is installed on the system machine
 * @param machines in the file's order
 */
public record Inventory(Path file, Gantry gantry, List<Machine> machines) {

    /** What a machine is for; a machine may hold several roles. */
    public enum Role { SYSTEM, STORAGE, COMPUTE }

    /**
     * @param url Gantry's address as this tool reaches it once installed
     * @param admin the administrator the deploy signs in as
     * @param jar the jar copied to the system machine; empty when Gantry runs there already
     * @param dir Gantry's directory on the system machine (jar, start script, keys)
     */
    public record Gantry(String url, String admin, Optional<Path> jar, String dir) {
    }

    /**
     * @param key the private key this tool logs in with (absolute, resolved against the inventory's directory)
     * @param storageDir the directory that becomes a storage (storage machines only)
     * @param vc the virtual cluster a compute machine serves (compute machines only)
     */
    public record Machine(String name, String address, int port, String user, Path key, Set<Role> roles,
                          Optional<String> storageDir, boolean slurm, Optional<String> vc) {

        public boolean has(Role role) {
            return roles.contains(role);
        }

        /** {@code user@address:port}, as messages name the machine's SSH server. */
        public String endpoint() {
            return user + "@" + address + ":" + port;
        }
    }

    public Machine system() {
        return machines.stream().filter(m -> m.has(Role.SYSTEM)).findFirst().orElseThrow();
    }

    public Optional<Machine> machine(String name) {
        return machines.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The file beside the inventory where a deploy pins the machines' host keys. */
    public Path knownHosts() {
        return file.resolveSibling(file.getFileName() + ".known_hosts");
    }
}
