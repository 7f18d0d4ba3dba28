#!/usr/bin/env bash
# Usage dashboard queries and monthly statements over 1,000,000 task attempts (p50/p95/max),
# and the history CSV export's rows per second.
# Usage: bench/usage.sh [-Dbench.jobs=100000] [-Dbench.requests=50]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test -Dtest=UsageBench -Dsurefire.failIfNoSpecifiedTests=false "$@" \
    | grep -E --line-buffered "^(Inserted|over |dashboard:|statement:|CSV export)" || true
