package org.gantry.runtime.slurm;

import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.hosts.HostTasks;
import org.gantry.runtime.hosts.SshShells;
import org.gantry.runtime.hosts.SshTargets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The slurm executor, submitting locally or through registered SSH login nodes. */
@Configuration(proxyBeanMethods = false)
class SlurmExecutorConfiguration {

    @Bean
    SlurmExecutor slurmExecutor(RuntimeProperties runtime, HostTasks local, SshTargets hosts, SshShells clients) {
        return new SlurmExecutor(runtime.slurm(), runtime.ssh().commandTimeout(), local, hosts, clients)
                .logLimit(runtime.logLimit().toBytes());
    }
}
