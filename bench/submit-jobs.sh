#!/usr/bin/env bash
# Submits jobs over REST from concurrent clients and prints jobs/s and p50/p99 latency.
# Gantry runs in the same JVM on a fresh embedded PostgreSQL; see SubmitJobsBenchmark.
# Usage: bench/submit-jobs.sh [--clients N] [--seconds S] [--warmup S] [--rate R]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
exec java -Xmx1g -cp "target/classes:target/test-classes:$(cat target/bench.classpath)" \
    org.gantry.bench.SubmitJobsBenchmark "$@"
