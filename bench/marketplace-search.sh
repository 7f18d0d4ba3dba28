#!/usr/bin/env bash
# Marketplace search over REST with 300,000 generated items, 10 concurrent clients:
# full-text (target p95 ≤ 40 ms) and as-you-type prefix queries (target p95 ≤ 25 ms).
# Usage: bench/marketplace-search.sh [-Dbench.items=300000] [-Dbench.clients=10] [-Dbench.requests=100]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test -Dtest=MarketplaceSearchBench -Dsurefire.failIfNoSpecifiedTests=false "$@" \
    | grep -E --line-buffered "^(Inserted|REST|[0-9]+ clients)" || true
