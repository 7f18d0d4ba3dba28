#!/usr/bin/env bash
# The fault table: every fault kind with rounds (default 20) against Gantry started as its own
# JVM, one table at the end: fault, rounds, accepted, finished, lost, run twice, recovery s
# (max/median) and 5xx answers other than 503. As root (task accounts; the full disk mounts a tmpfs).
#   bench/faults.sh [rounds] [kill|halt-at|database|two-instances|disk-full|ssh-cut|ssh-silent|slurmctld|external-database ...]
# BENCH_JAVA_OPTS adds options to the bench's JVM, e.g. -Dgantry.test.start-minutes=12 on a
# loaded machine where Gantry takes longer than 4 minutes to answer.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
exec java ${BENCH_JAVA_OPTS:-} -cp "$CP" org.gantry.bench.FaultsBench "$@"
