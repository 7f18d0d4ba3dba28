#!/usr/bin/env bash
# Marketplace search over REST with 300,000 generated items, 10 concurrent clients:
# full-text (target p95 ≤ 40 ms) and as-you-type prefix queries (target p95 ≤ 25 ms).
# Usage: bench/marketplace-search.sh [-Dbench.items=300000] [-Dbench.clients=10] [-Dbench.requests=100]
#        [-Dbench.explain=true]   (also prints EXPLAIN ANALYZE of a search and an as-you-type query)
set -euo pipefail
cd "$(dirname "$0")/.."
# The benchmark writes its figures to target/marketplace-search.txt; Spring's log goes to the .log.
mkdir -p target  # a fresh clone has none yet
mvn -q -B test -Dtest=MarketplaceSearchBench -Dsurefire.failIfNoSpecifiedTests=false "$@" \
    > target/marketplace-search.log 2>&1 || { tail -50 target/marketplace-search.log; exit 1; }
cat target/marketplace-search.txt
