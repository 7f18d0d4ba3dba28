#!/usr/bin/env bash
# Throughput of one HTTP download through Gantry's browser proxy
# (/jobs/<user>~<job>/proxy/<role>/<index>/<port>/) next to the same download straight from the
# task's port, one server in a local task sending MB per request, rounds interleaved.
# Needs root (setpriv into the task account).
#   bench/port-proxy.sh [megabytes=200] [rounds=3]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java -Dpty4j.tmpdir=target/pty4j -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    org.gantry.terminal.proxy.ProxyThroughputBench "$@"
