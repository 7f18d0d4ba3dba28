#!/usr/bin/env bash
# Usage dashboard queries and monthly statements over 1,000,000 task attempts (p50/p95/max),
# and the history CSV export's rows per second, with the load average before and after.
# Usage: bench/usage.sh [-Dbench.jobs=100000] [-Dbench.requests=50]
# The whole output is kept in target/usage-bench.txt; a failed run exits 1 instead of
# printing a partial table as if it were a result.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target
set +e
mvn -q -B test -Dtest=UsageBench -Dsurefire.failIfNoSpecifiedTests=false "$@" | tee target/usage-bench.txt \
    | grep -E --line-buffered "^(load average|Inserted|Prices set|over |dashboard:|statement:|CSV export)"
codes=("${PIPESTATUS[@]}")
set -e
if [[ ${codes[0]} != 0 ]]; then
    echo "UsageBench failed (mvn exit ${codes[0]}): the figures above are not a result; see target/usage-bench.txt" >&2
    exit 1
fi
