-- As-you-type searches test each candidate's display name against the typed prefix. lower()
-- on every row walked cost about as much as the rest of the search (1 ms of 2.6 ms for a
-- two-word prefix, docs/decisions/0100-marketplace-search-cpu-per-request.md): the lower-cased
-- name is now stored once, when the item is written, and its prefix index moves with it.
alter table market_item add column display_lower text generated always as (lower(display_name)) stored;
create index market_item_display_lower_prefix on market_item (display_lower text_pattern_ops);
drop index market_item_display_prefix;
