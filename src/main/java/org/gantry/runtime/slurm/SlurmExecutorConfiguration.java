package org.gantry.runtime.slurm;

import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.ssh.MinaSshClients;
import org.gantry.runtime.ssh.SshHostService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The slurm executor, submitting locally or through registered SSH login nodes. */
@Configuration(proxyBeanMethods = false)
class SlurmExecutorConfiguration {

    @Bean
    SlurmExecutor slurmExecutor(RuntimeProperties runtime, LocalExecutor local, SshHostService hosts,
                                MinaSshClients clients) {
        return new SlurmExecutor(runtime.slurm(), runtime.ssh().commandTimeout(), local, hosts, clients);
    }
}
