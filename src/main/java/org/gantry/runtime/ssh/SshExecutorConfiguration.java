package org.gantry.runtime.ssh;

import java.io.IOException;
import org.gantry.base.GantryProperties;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.hosts.SshShells;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The SSH client Gantry's executors share, and the ssh executor. */
@Configuration(proxyBeanMethods = false)
class SshExecutorConfiguration {

    @Bean(destroyMethod = "close")
    MinaSshClients minaSshClients(GantryProperties gantry, RuntimeProperties runtime) throws IOException {
        return new MinaSshClients(gantry.dataDir().resolve("ssh").resolve("known_hosts"),
                runtime.ssh().connectTimeout(), runtime.ssh().commandTimeout(), runtime.ssh().keepaliveInterval(),
                runtime.ssh().keepaliveCountMax());
    }

    /** The client as the Slurm executor reaches its login nodes. */
    @Bean
    SshShells sshShells(MinaSshClients clients) {
        return clients::shell;
    }

    @Bean
    SshExecutor sshExecutor(SshHostService hosts, MinaSshClients clients, RuntimeProperties runtime) {
        return new SshExecutor(hosts, clients, hosts).logLimit(runtime.logLimit().toBytes());
    }
}
