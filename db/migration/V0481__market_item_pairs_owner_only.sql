-- A phrase's pairs lead to the items holding them; when most of those are private (or not yet
-- published), reading each item's row only to find it hidden cost as much as the whole search
-- (2,000 rows, 8,000 buffers for a phrase no one else could see). The pairs row now says whom such
-- an item is shown to: owner_only is its author's id when only the author (and administrators) may
-- see it, null otherwise (public and group items; a group item's groups are checked on its row).
-- Why: docs/decisions/0068-marketplace-search-per-query-cost.md.
alter table market_item_pairs add column owner_only bigint;
update market_item_pairs p set owner_only = i.author_id from market_item i
    where i.id = p.item_id and (i.published_version is null or i.visibility = 'private');

create or replace function market_item_pairs_insert() returns trigger language plpgsql as $$
begin
    insert into market_item_pairs (item_id, pairs, owner_only)
        select n.id, market_pairs(n.search),
               case when n.published_version is null or n.visibility = 'private' then n.author_id end
        from new_items n;
    return null;
end $$;

create or replace function market_item_pairs_update() returns trigger language plpgsql as $$
begin
    if old.search is distinct from new.search then
        insert into market_item_pairs (item_id, pairs, owner_only)
            values (new.id, market_pairs(new.search),
                    case when new.published_version is null or new.visibility = 'private' then new.author_id end)
            on conflict (item_id) do update set pairs = excluded.pairs, owner_only = excluded.owner_only;
    else
        update market_item_pairs set owner_only =
            case when new.published_version is null or new.visibility = 'private' then new.author_id end
            where item_id = new.id;
    end if;
    return null;
end $$;

drop trigger if exists market_item_pairs_update on market_item;
create trigger market_item_pairs_update after update on market_item
    for each row when (old.search is distinct from new.search
        or old.published_version is distinct from new.published_version
        or old.visibility is distinct from new.visibility or old.author_id is distinct from new.author_id)
    execute function market_item_pairs_update();
