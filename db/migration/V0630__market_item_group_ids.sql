-- The groups a group item is shared with, on the item's row. Every search tested each group item
-- it walked with a correlated probe of market_item_group and user_group (about 13 µs per item
-- on the 2-core machine, a quarter of an as-you-type query's time over 300,000 items); the
-- viewer's groups are now read once per request and compared with this array
-- (docs/decisions/0102-marketplace-search-without-per-row-probes.md). market_item_group stays
-- the record of sharing; the triggers below keep this column equal to it in the same statement.
alter table market_item add column group_ids bigint[] not null default '{}';

update market_item i set group_ids = g.ids
  from (select item_id, array_agg(group_id order by group_id) as ids from market_item_group group by item_id) g
 where g.item_id = i.id;

create function market_item_group_ids() returns trigger language plpgsql as $$
declare
    changed bigint[];
begin
    if tg_op = 'INSERT' then
        select array_agg(item_id) into changed from new_rows;
    elsif tg_op = 'DELETE' then
        select array_agg(item_id) into changed from old_rows;
    else
        select array_agg(item_id) into changed from (select item_id from old_rows
                                                     union select item_id from new_rows) c;
    end if;
    update market_item i set group_ids = array(select g.group_id from market_item_group g
                                                where g.item_id = i.id order by 1)
     where i.id = any(changed);
    return null;
end
$$;

create trigger market_item_group_inserted after insert on market_item_group
    referencing new table as new_rows for each statement execute function market_item_group_ids();
create trigger market_item_group_deleted after delete on market_item_group
    referencing old table as old_rows for each statement execute function market_item_group_ids();
create trigger market_item_group_updated after update on market_item_group
    referencing old table as old_rows new table as new_rows for each statement execute function market_item_group_ids();
