-- Charges per UTC month, owner and virtual cluster of the ended task attempts, kept by triggers
-- in the transaction that writes an attempt or a price (decision 0066). A statement reads its
-- month from here and computes live only the attempts not ended as of its instant.
--
-- The pieces are exactly those of ChargeQuery: an attempt's run cut at the month's bounds and at
-- each price change of its virtual cluster, each piece charged
-- round((cpu × cpuHour × 1024 + gpu × gpuHour × 1024 + memoryMB × memGbHour) × seconds / 3686400),
-- half away from zero. The resource-seconds stay exact (numeric) and are rounded when read;
-- the charge is the sum of the rounded pieces. An attempt counts once in each month in which
-- it has a priced piece.
create table usage_charge_month (
    month             date        not null,
    owner_id          bigint      not null,
    virtual_cluster   varchar(64) not null,
    attempts          bigint      not null default 0,
    cpu_seconds       numeric     not null default 0,
    gpu_seconds       numeric     not null default 0,
    memory_mb_seconds numeric     not null default 0,
    charge_minor      numeric     not null default 0,
    primary key (month, owner_id, virtual_cluster)
);

-- The one definition of a month's charge pieces, used by both triggers: the ended attempts of
-- the relation %1$s (a transition table, or task_attempt narrowed by the caller) are added with
-- the sign %2$s; $1 is the first month to compute (a UTC timestamp, -infinity for all) and $2
-- the only virtual cluster to compute (null for all).
create function usage_charge_month_sql(source text, sign int) returns text language sql immutable as $$
select format($f$
    with price as (
        select virtual_cluster, effective_from, cpu_hour_minor, gpu_hour_minor, memory_gb_hour_minor,
               lead(effective_from) over (partition by virtual_cluster order by effective_from) as until
        from billing_price),
    piece as (
        select m.month, j.owner_id, j.virtual_cluster, a.id, a.cpu, a.memory_mb, a.gpu, p.cpu_hour_minor,
               p.gpu_hour_minor, p.memory_gb_hour_minor,
               extract(epoch from least(r.e, coalesce(p.until, r.e)) - greatest(r.s, p.effective_from)) as secs
        from %1$s a join job j on j.id = a.job_id
        cross join lateral generate_series(greatest(date_trunc('month', a.started_at at time zone 'UTC'), $1),
                                           a.ended_at at time zone 'UTC', interval '1 month') m(month)
        cross join lateral (select greatest(a.started_at, m.month at time zone 'UTC') as s,
                                   least(a.ended_at, (m.month + interval '1 month') at time zone 'UTC') as e) r
        join price p on p.virtual_cluster = j.virtual_cluster
             and p.effective_from < r.e and (p.until is null or p.until > r.s)
        where a.started_at is not null and a.ended_at is not null and r.e > r.s
              and ($2::varchar is null or j.virtual_cluster = $2))
    insert into usage_charge_month as u (month, owner_id, virtual_cluster, attempts, cpu_seconds, gpu_seconds,
                                         memory_mb_seconds, charge_minor)
    select x.month::date, x.owner_id, x.virtual_cluster, %2$s * count(distinct x.id), %2$s * sum(x.cpu * x.secs),
           %2$s * sum(x.gpu * x.secs), %2$s * sum(x.memory_mb * x.secs),
           %2$s * sum(round((x.cpu * x.cpu_hour_minor * 1024 + x.gpu * x.gpu_hour_minor * 1024
                             + x.memory_mb * x.memory_gb_hour_minor) * x.secs / 3686400))
    from piece x
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (month, owner_id, virtual_cluster) do update set
        attempts = u.attempts + excluded.attempts, cpu_seconds = u.cpu_seconds + excluded.cpu_seconds,
        gpu_seconds = u.gpu_seconds + excluded.gpu_seconds,
        memory_mb_seconds = u.memory_mb_seconds + excluded.memory_mb_seconds,
        charge_minor = u.charge_minor + excluded.charge_minor
    $f$, source, sign)
$$;

-- Attempts: the old rows' ended attempts are taken out, the new rows' put in (an update does
-- both). A statement that touches no ended attempt (most runtime writes) costs one exists.
create function usage_charge_month_attempts() returns trigger language plpgsql as $$
begin
    -- (each transition table is named only where the trigger has it)
    if TG_OP in ('UPDATE', 'DELETE') then
        if exists (select 1 from old_rows where ended_at is not null) then
            execute usage_charge_month_sql('old_rows', -1) using '-infinity'::timestamp, null::varchar;
        end if;
    end if;
    if TG_OP in ('UPDATE', 'INSERT') then
        if exists (select 1 from new_rows where ended_at is not null) then
            execute usage_charge_month_sql('new_rows', 1) using '-infinity'::timestamp, null::varchar;
        end if;
    end if;
    return null;
end $$;

create trigger usage_charge_month_insert after insert on task_attempt
    referencing new table as new_rows for each statement execute function usage_charge_month_attempts();
create trigger usage_charge_month_update after update on task_attempt
    referencing old table as old_rows new table as new_rows for each statement
    execute function usage_charge_month_attempts();
create trigger usage_charge_month_delete after delete on task_attempt
    referencing old table as old_rows for each statement execute function usage_charge_month_attempts();

-- Prices: a price in force from t changes every charge from t on (until the next price, which
-- may itself have changed), so each virtual cluster whose prices changed is recomputed from the
-- month of its earliest changed price. Rows written unchanged (same cluster, instant and
-- amounts in the old and new rows) change nothing. Writers of attempts are held off until this
-- transaction ends, so none of them charges by the prices being replaced.
create function usage_charge_month_prices() returns trigger language plpgsql as $$
declare
    changed record;
    columns constant text := 'virtual_cluster, effective_from, cpu_hour_minor, gpu_hour_minor, memory_gb_hour_minor';
    none constant text := '(select * from billing_price where false) n';
begin
    for changed in execute format($f$
        with diff as ((select %1$s from %2$s except select %1$s from %3$s)
                      union all (select %1$s from %3$s except select %1$s from %2$s))
        select virtual_cluster, date_trunc('month', min(effective_from) at time zone 'UTC') as since
        from diff group by virtual_cluster order by virtual_cluster $f$, columns,
        case when TG_OP = 'INSERT' then none else 'old_rows' end,
        case when TG_OP = 'DELETE' then none else 'new_rows' end)
    loop
        lock table task_attempt in share mode;
        delete from usage_charge_month where virtual_cluster = changed.virtual_cluster and month >= changed.since;
        execute usage_charge_month_sql(
                    '(select * from task_attempt where ended_at > $1 at time zone ''UTC'' and started_at is not null)', 1)
            using changed.since, changed.virtual_cluster;
    end loop;
    return null;
end $$;

create trigger usage_charge_month_price_insert after insert on billing_price
    referencing new table as new_rows for each statement execute function usage_charge_month_prices();
create trigger usage_charge_month_price_update after update on billing_price
    referencing old table as old_rows new table as new_rows for each statement
    execute function usage_charge_month_prices();
create trigger usage_charge_month_price_delete after delete on billing_price
    referencing old table as old_rows for each statement execute function usage_charge_month_prices();

-- A statement computes live the attempts still running at its instant: found here, not among
-- every attempt that ever started.
create index task_attempt_running on task_attempt (started_at) where ended_at is null and started_at is not null;

-- What already ended before this migration.
do $$ begin
    execute usage_charge_month_sql('task_attempt', 1) using '-infinity'::timestamp, null::varchar;
end $$;
