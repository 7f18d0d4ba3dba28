#!/usr/bin/env bash
# Runtime figures against Gantry started as its own JVM (needs root for task accounts, or
# runs tasks as the current user): latency [jobs] | chain [jobs] [warm-up jobs, default 1000] | fault [rounds] | commit [commits]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
exec java -cp "$CP" org.gantry.bench.RuntimeBench "$@"
