#!/usr/bin/env bash
# The fault table: every fault kind with rounds (default 20) against Gantry started as its own
# JVM, one table at the end: fault, rounds, accepted, finished, lost, run twice, recovery s
# (max/median) and 5xx answers other than 503. As root (task accounts; the full disk mounts a tmpfs).
#   bench/faults.sh [rounds] [kill|halt-at|database|two-instances|disk-full ...]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
exec java -cp "$CP" org.gantry.bench.FaultsBench "$@"
