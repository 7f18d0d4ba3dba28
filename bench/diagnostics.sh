#!/usr/bin/env bash
# Matching a 10 MB log against the whole failure catalogue: median and p95 of wall and CPU
# time over 40 rounds after 10 warm-up rounds, with the load average before and after.
# Usage: bench/diagnostics.sh [-Dbench.rounds=100] [-Dbench.warmup=20]
# The JMH version (sample time): mvn -q -B -Pbench test-compile exec:exec -Dbench=DiagnosticsBenchmark
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test -Dtest=DiagnosticsMatchBench -Dsurefire.failIfNoSpecifiedTests=false "$@" \
    | grep -E --line-buffered "^(load average|failingLog|cleanLog)" || true
