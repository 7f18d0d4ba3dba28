package org.gantry.terminal;

import java.time.Duration;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the SSH gateway and the browser terminal.
 *
 * @param enabled Whether to start the SSH gateway.
 * @param sshPort Port of the SSH gateway; 0 picks a free one.
 * @param bindAddress Address the SSH gateway listens on.
 * @param advertisedHost Host name printed in ssh commands; the machine's host name when unset.
 * @param adminAccess Whether administrators may enter other users' tasks.
 * @param idleTimeout Maximum time a terminal may sit without input or output before it is closed.
 * @param detachedGrace How long a browser terminal survives without a browser, so a reconnect resumes it.
 * @param keepaliveInterval Interval of keepalive messages on idle SSH connections.
 * @param authTimeout Maximum time a client may take to authenticate.
 * @param browserKeyTtl Validity of the one-connection key minted for a browser terminal; at most 5 minutes.
 * @param taskCheckInterval Interval at which open terminals check that their task still runs.
 * @param scrollback Output kept per browser terminal to replay after a reconnect.
 * @param outputWindow Output in flight per terminal before the shell is made to wait.
 * @param taskPorts Ports the gateway may open, one per running task, for clients that cannot name the task (OpenPAI's {@code pai ssh}); blank for none.
 * @param slurmDirect Whether a forwarded port of a task in Slurm that listens beyond the node's loopback is reached
 *                    straight over the network (falling back to a bridge step when the node does not answer).
 */
@ConfigurationProperties("gantry.terminal")
public record TerminalProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("2222") int sshPort,
        @DefaultValue("0.0.0.0") String bindAddress,
        Optional<String> advertisedHost,
        @DefaultValue("false") boolean adminAccess,
        @DefaultValue("1h") Duration idleTimeout,
        @DefaultValue("60s") Duration detachedGrace,
        @DefaultValue("15s") Duration keepaliveInterval,
        @DefaultValue("30s") Duration authTimeout,
        @DefaultValue("5m") Duration browserKeyTtl,
        @DefaultValue("5s") Duration taskCheckInterval,
        @DefaultValue("256KB") DataSize scrollback,
        @DefaultValue("256KB") DataSize outputWindow,
        @DefaultValue("2223-2399") String taskPorts,
        @DefaultValue("true") boolean slurmDirect) {

    /** The longest a browser key may live, whatever the configuration says. */
    public static final Duration BROWSER_KEY_TTL_MAX = Duration.ofMinutes(5);

    public TerminalProperties {
        advertisedHost = advertisedHost == null ? Optional.empty() : advertisedHost.filter(h -> !h.isBlank());
        if (browserKeyTtl.compareTo(BROWSER_KEY_TTL_MAX) > 0) {
            browserKeyTtl = BROWSER_KEY_TTL_MAX;
        }
    }

    /** Defaults, for tests and tools that run without Spring. */
    public static TerminalProperties defaults() {
        return new TerminalProperties(true, 2222, "0.0.0.0", Optional.empty(), false, Duration.ofHours(1),
                Duration.ofSeconds(60), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(5),
                Duration.ofSeconds(5), DataSize.ofKilobytes(256), DataSize.ofKilobytes(256), "2223-2399", true);
    }
}
