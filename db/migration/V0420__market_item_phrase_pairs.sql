-- Phrase search without rechecking every row that holds the phrase's words: the pairs of
-- adjacent lexemes of each item's search vector ('tensorflow loader' for lexemes at positions
-- p and p + 1), in a narrow table with a GIN index. A phrase "a b" needs the pair 'a b': the
-- index finds the items that have it, and the phrase itself is checked on those only. A space
-- never occurs inside a lexeme of the english configuration, so no word's lexeme equals a pair.
-- The pairs live apart from market_item so that its rows (read by every search) stay as narrow
-- as they were, and a recheck reads stored pairs instead of computing them again.
-- Why: docs/decisions/0056-marketplace-search-in-milliseconds.md.
create function market_pairs(v tsvector) returns tsvector
    language sql immutable strict parallel safe cost 1000
    as $$ with t as (select u.lexeme, p from unnest(v) u, unnest(u.positions) p)
          select coalesce(array_to_tsvector(array_agg(distinct a.lexeme || ' ' || b.lexeme)), ''::tsvector)
          from t a join t b on b.p = a.p + 1 $$;

create table market_item_pairs (
    item_id bigint   primary key references market_item (id) on delete cascade,
    pairs   tsvector not null
);
insert into market_item_pairs (item_id, pairs) select id, market_pairs(search) from market_item;
create index market_item_pairs_pairs on market_item_pairs using gin (pairs);

-- Kept in step with the search vector: once per statement for inserts (a bulk insert computes
-- all pairs in one pass), per changed row for updates (a star or a use count changes no text).
create function market_item_pairs_insert() returns trigger language plpgsql as $$
begin
    insert into market_item_pairs (item_id, pairs) select n.id, market_pairs(n.search) from new_items n;
    return null;
end $$;
create trigger market_item_pairs_insert after insert on market_item
    referencing new table as new_items for each statement execute function market_item_pairs_insert();

create function market_item_pairs_update() returns trigger language plpgsql as $$
begin
    insert into market_item_pairs (item_id, pairs) values (new.id, market_pairs(new.search))
        on conflict (item_id) do update set pairs = excluded.pairs;
    return null;
end $$;
create trigger market_item_pairs_update after update on market_item
    for each row when (old.search is distinct from new.search) execute function market_item_pairs_update();
