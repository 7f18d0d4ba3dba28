package org.gantry.deploy;

import java.net.URI;
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
 * @param slurm the Slurm cluster the compute machines with {@code slurm: true} join (defaults otherwise)
 */
public record Inventory(Path file, Gantry gantry, List<Machine> machines, Slurm slurm) {

    /** What a machine is for; a machine may hold several roles. */
    public enum Role { SYSTEM, STORAGE, COMPUTE }

    /**
     * @param url Gantry's address as this tool reaches it once installed
     * @param admin the administrator the deploy signs in as
     * @param jar the jar copied to the system machine; empty when Gantry runs there already
     * @param dir Gantry's directory on the system machine (jar, start script, keys)
     * @param adminPasswordFile a local file holding the password of the first administrator, {@code admin}: set
     *                          when the deploy installs Gantry, used to sign in when no token is given
     * @param database a PostgreSQL the installed Gantry uses; empty: docker compose's where Docker runs,
     *                 else Gantry's embedded one under {@code dir}
     * @param java the java command on the system machine
     * @param javaOptions options for the installed Gantry's JVM ({@code -Xmx2g})
     */
    public record Gantry(String url, String admin, Optional<Path> jar, String dir, Optional<Path> adminPasswordFile,
                         Optional<Database> database, String java, String javaOptions) {

        /** The port of {@link #url}: where the installed Gantry listens. */
        public int port() {
            URI uri = URI.create(url);
            return uri.getPort() > 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        }
    }

    /**
     * A system PostgreSQL for the installed Gantry.
     *
     * @param url its JDBC address ({@code jdbc:postgresql://10.0.0.1:5432/gantry})
     * @param passwordFile a local file holding the password
     */
    public record Database(String url, String user, Path passwordFile) {
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

    /**
     * The Slurm cluster the deploy sets up when compute machines ask for it: slurmctld on the
     * system machine, slurmd on each of them, one partition per virtual cluster.
     *
     * @param conf where slurm.conf is written on every Slurm machine (Gantry hands it to Slurm's
     *             commands as SLURM_CONF when it is not the default)
     * @param dir the daemons' state, spool, pid and log files
     */
    public record Slurm(String conf, String dir, String clusterName, int slurmctldPort, int slurmdPort) {

        public static final String DEFAULT_CONF = "/etc/slurm/slurm.conf";

        static Slurm defaults() {
            return new Slurm(DEFAULT_CONF, "/var/lib/gantry-slurm", "gantry", 6817, 6818);
        }
    }

    /** The compute machines that join Slurm as nodes, in the file's order. */
    public List<Machine> slurmNodes() {
        return machines.stream().filter(m -> m.has(Role.COMPUTE) && m.slurm()).toList();
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
