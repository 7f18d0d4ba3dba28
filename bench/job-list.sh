#!/usr/bin/env bash
# First page of the job list with 100,000 jobs (grid data provider and REST): p50/p95/max.
# Usage: bench/job-list.sh [-Dbench.jobs=100000] [-Dbench.requests=200]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test -Dtest=JobListBench -Dsurefire.failIfNoSpecifiedTests=false "$@" \
    | grep -E --line-buffered "^(Inserted|first page|grid:|count|REST|    )" || true
