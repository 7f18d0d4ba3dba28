package org.gantry.runtime.reconcile;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.LeaderProperties;
import org.gantry.runtime.RuntimeProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The lease that makes one of the Gantry instances sharing a database the one whose reconciler
 * runs, with fencing (decision 0040). The lease is the single row of {@code runtime_leader}:
 * its holder renews it every {@code gantry.runtime.leader.renew-interval}; another instance
 * takes it over with the next epoch once it is older than {@code lease-time} (by the
 * database's clock), or at once when the holder is a process of this machine that is gone.
 *
 * <p>{@link #fence()} runs first in every transaction of {@link RuntimeStore} that writes: it
 * reads the epoch with a share lock, so a takeover waits for the writes under the old epoch to
 * commit and every later one sees the new epoch and is refused. A leader that was paused
 * (a stopped JVM, a long GC, a cut network) thus never writes once another instance leads,
 * whatever it still believes.
 */
@Component
class LeaderLease {

    /** A runtime write by an instance that does not hold the lease (any more). */
    static final class NotLeader extends IllegalStateException {
        NotLeader(String message) {
            super(message);
        }
    }

    private static final Logger log = LoggerFactory.getLogger(LeaderLease.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final LeaderProperties properties;
    private final boolean enabled;
    private final Holder me = Holder.current();
    /** The epoch this instance holds, 0 when it does not lead. */
    private volatile long epoch;
    /** {@link System#nanoTime()} just before the last renewal that succeeded. */
    private volatile long renewedNanos;
    private volatile Runnable onLead = () -> { };
    private ScheduledExecutorService ticker;

    LeaderLease(JdbcTemplate jdbc, PlatformTransactionManager transactions, LeaderProperties properties,
                RuntimeProperties runtime) {
        this.jdbc = jdbc;
        this.tx = new TransactionTemplate(transactions);
        this.properties = properties;
        this.enabled = runtime.enabled();
    }

    /** This instance's name in the lease and in the attempts it claims. */
    String holder() {
        return me.name();
    }

    /** This instance's short name in the attempts it claims ({@code claimed_by}): pid, host and the start of its id. */
    String claimant() {
        String name = me.pid() + "@" + me.host();
        return name.substring(0, Math.min(name.length(), 54)) + "/" + me.id().substring(0, 8);
    }

    /** Whether this instance leads: it holds an epoch renewed less than a lease time ago. */
    boolean leading() {
        return epoch != 0 && System.nanoTime() - renewedNanos < properties.leaseTime().toNanos();
    }

    long epoch() {
        return epoch;
    }

    /**
     * Tries to lead at once, then keeps renewing or trying every renew interval; {@code onLead}
     * runs each time this instance starts to lead.
     */
    synchronized void start(Runnable onLead) {
        this.onLead = onLead;
        tick();
        ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "runtime-leader");
            thread.setDaemon(true);
            return thread;
        });
        long interval = properties.renewInterval().toMillis();
        ticker.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
    }

    /** Stops renewing and hands the lease back, so that another instance leads without waiting for it to expire. */
    synchronized void stop() {
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
        long held = epoch;
        epoch = 0;
        if (held != 0) {
            try {
                jdbc.update("update runtime_leader set holder = null where id = 1 and holder = ? and epoch = ?",
                        me.name(), held);
                log.info("This Gantry no longer leads the runtime (epoch {} handed back)", held);
            } catch (RuntimeException e) {
                log.warn("Could not hand back the runtime lease; it expires in {}", properties.leaseTime(), e);
            }
        }
    }

    /**
     * Refuses a runtime write unless this instance holds the current epoch; must run inside the
     * write's transaction, whose share lock on the lease keeps the epoch until it commits.
     */
    void fence() {
        if (!enabled) {
            return;  // no reconciler runs here: only tests drive the store
        }
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("A runtime write is fenced inside its transaction");
        }
        long held = epoch;
        if (held == 0) {
            throw new NotLeader("This Gantry does not lead the runtime: " + me.name());
        }
        Long current = jdbc.queryForObject("select epoch from runtime_leader where id = 1 for share", Long.class);
        if (current == null || current != held) {
            lost(held, current);
            throw new NotLeader("Epoch " + held + " of " + me.name() + " was taken over (epoch " + current + ")");
        }
    }

    private void tick() {
        try {
            if (epoch != 0) {
                renew();
            } else {
                tryTake();
            }
        } catch (RuntimeException e) {
            // the database may be down: a leader that cannot renew stops leading when its lease runs out
            log.warn("Runtime lease: {}", e.getMessage());
        }
    }

    private void renew() {
        long held = epoch;
        long before = System.nanoTime();
        Integer renewed = tx.execute(status -> {
            // the leader's own writes hold share locks on the row for a moment: wait for them
            jdbc.execute("set local lock_timeout = '" + properties.leaseTime().toMillis() / 3 + "ms'");
            return jdbc.update("update runtime_leader set renewed_at = clock_timestamp()"
                    + " where id = 1 and holder = ? and epoch = ?", me.name(), held);
        });
        if (renewed != null && renewed == 1) {
            renewedNanos = before;
        } else {
            lost(held, null);
        }
    }

    private void tryTake() {
        long before = System.nanoTime();
        long lease = properties.leaseTime().toMillis();
        Lease read = jdbc.queryForObject("select holder, epoch,"
                + " renewed_at < clock_timestamp() - ? * interval '1 millisecond' from runtime_leader where id = 1",
                (rs, i) -> new Lease(rs.getString(1), rs.getLong(2), rs.getBoolean(3)), lease);
        boolean gone = properties.takeOverFromDeadProcesses() && read.holder() != null && Holder.parse(read.holder()).map(h -> h.goneFrom(me)).orElse(false);
        if (read.holder() != null && !read.expired() && !gone) {
            return;
        }
        // compare and set: the lease is still as read (free, expired or held by a dead process)
        List<Long> taken = tx.execute(status -> {
            jdbc.execute("set local lock_timeout = '" + properties.renewInterval().toMillis() + "ms'");
            return jdbc.queryForList("update runtime_leader set holder = ?, epoch = epoch + 1,"
                    + " acquired_at = clock_timestamp(), renewed_at = clock_timestamp() where id = 1 and epoch = ?"
                    + " and (holder is null or renewed_at < clock_timestamp() - ? * interval '1 millisecond'"
                    + " or holder = ?) returning epoch", Long.class, me.name(), read.epoch(), lease,
                    gone ? read.holder() : null);
        });
        if (taken != null && !taken.isEmpty()) {
            renewedNanos = before;
            epoch = taken.get(0);
            log.info("This Gantry leads the runtime now (epoch {}, {}; before: {})", epoch, me.name(),
                    read.holder() == null ? "none" : read.holder() + (gone ? ", gone" : ", expired"));
            onLead.run();
        }
    }

    private void lost(long held, Long current) {
        if (held != 0 && epoch == held) {
            epoch = 0;
            log.warn("This Gantry lost the runtime lease (epoch {}{}); it follows until the lease is free again",
                    held, current == null ? "" : ", now " + current);
        }
    }

    private record Lease(String holder, long epoch, boolean expired) {
    }

    /**
     * Who holds the lease: the machine (host name and boot), the pid namespace and pid, and a
     * random id. On the same machine and pid namespace a holder whose pid is gone is known dead.
     */
    record Holder(String host, String boot, String pidNamespace, long pid, String id) {

        static Holder current() {
            return new Holder(hostName(), read("/proc/sys/kernel/random/boot_id"), readPidNamespace(),
                    ProcessHandle.current().pid(), UUID.randomUUID().toString());
        }

        String name() {
            return host + " " + boot + " " + pidNamespace + " " + pid + " " + id;
        }

        static Optional<Holder> parse(String name) {
            String[] parts = name.split(" ");
            if (parts.length != 5) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Holder(parts[0], parts[1], parts[2], Long.parseLong(parts[3]), parts[4]));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** Whether this holder is a process of {@code here}'s machine and pid namespace that no longer runs. */
        boolean goneFrom(Holder here) {
            return !boot.equals("-") && !pidNamespace.equals("-") && host.equals(here.host) && boot.equals(here.boot)
                    && pidNamespace.equals(here.pidNamespace) && ProcessHandle.of(pid).map(p -> !p.isAlive())
                    .orElse(true);
        }

        private static String hostName() {
            try {
                return InetAddress.getLocalHost().getHostName().replace(' ', '_');
            } catch (Exception e) {
                return "unknown";
            }
        }

        private static String readPidNamespace() {
            try {
                return Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString().replace(' ', '_');
            } catch (Exception e) {
                return "-";
            }
        }

        private static String read(String file) {
            try {
                return Files.readString(Path.of(file)).trim().replace(' ', '_');
            } catch (Exception e) {
                return "-";
            }
        }
    }
}
