#!/usr/bin/env bash
# Gantry's submissions next to sbatch's on this machine, in one run: accepted jobs/s (HTTP
# clients back to back; sbatch loops back to back) and acknowledgement p50 at 5 jobs/s.
# Gantry runs first (in this JVM on a fresh embedded PostgreSQL, see SubmitJobsBenchmark),
# then a one-node Slurm started as the tests start it (SlurmCluster; needs root, munge and
# Debian's slurmctld/slurmd); without Slurm only Gantry's figures are printed.
# Usage: bench/submit-vs-sbatch.sh [--clients N] [--sbatch-loops N] [--seconds S] [--warmup S] [--paced-rate R]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
exec java -Xmx1g -cp "target/classes:target/test-classes:$(cat target/bench.classpath)" \
    org.gantry.bench.SubmitJobsBenchmark --vs-sbatch "$@"
