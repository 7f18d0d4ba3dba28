#!/usr/bin/env bash
# Matching a 10 MB log against the whole failure catalogue (JMH, sample time, ms/op).
# Usage: bench/diagnostics.sh [-o]   (-o: Maven offline)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B "$@" -Pbench test-compile exec:exec -Dbench=DiagnosticsBenchmark \
    | grep -E --line-buffered "^(Benchmark|DiagnosticsBenchmark)" || true
