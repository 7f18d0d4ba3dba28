-- A marketplace search reads a few hundred rows through an index; a parallel plan's workers cost
-- more to start than the whole search (a phrase's lookup in market_item_pairs took about 140 ms
-- with one worker against 10 ms without, and each worker takes a core from the other searches).
-- No parallel scans of the search's tables: docs/decisions/0068-marketplace-search-per-query-cost.md.
alter table market_item set (parallel_workers = 0);
alter table market_item_pairs set (parallel_workers = 0);
