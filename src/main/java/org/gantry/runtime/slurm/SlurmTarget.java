package org.gantry.runtime.slurm;

import java.util.Optional;

/**
 * A virtual cluster's Slurm target: {@code partition} submits with the {@code sbatch} of
 * Gantry's host, {@code alias:partition} on the login node registered as SSH host
 * {@code alias}. An empty partition means the cluster's default partition.
 */
record SlurmTarget(Optional<String> sshAlias, Optional<String> partition) {

    static SlurmTarget parse(String target) {
        String text = target == null ? "" : target.trim();
        int colon = text.indexOf(':');
        Optional<String> alias = colon < 0 ? Optional.empty() : nonBlank(text.substring(0, colon));
        Optional<String> partition = nonBlank(colon < 0 ? text : text.substring(colon + 1));
        partition.ifPresent(p -> {
            if (!p.matches("[A-Za-z0-9_.,-]+")) {
                throw new IllegalArgumentException("Not a Slurm partition: " + p);
            }
        });
        return new SlurmTarget(alias, partition);
    }

    private static Optional<String> nonBlank(String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(text.trim());
    }
}
