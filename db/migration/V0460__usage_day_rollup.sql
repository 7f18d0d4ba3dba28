-- Usage per UTC day, user and virtual cluster, kept by triggers in the transaction that ends
-- an attempt (decision 0064): the dashboard reads whole days from here instead of aggregating
-- every attempt of the period, and only a period's partial first and last day from task_attempt.
-- Sums stay exact (numeric); a mean is kept as sum and count.
create table usage_day (
    day                date        not null,
    owner_id           bigint      not null,
    virtual_cluster    varchar(64) not null,
    jobs               bigint      not null default 0,
    attempts           bigint      not null default 0,
    succeeded          bigint      not null default 0,
    failed             bigint      not null default 0,
    cpu_seconds        numeric     not null default 0,
    gpu_seconds        numeric     not null default 0,
    wait_seconds       numeric     not null default 0,
    waits              bigint      not null default 0,
    cpu_time_ms        bigint      not null default 0,
    max_peak_memory_mb bigint,
    primary key (day, owner_id, virtual_cluster)
);

-- A job counts once, on the day its first attempt ended.
create table usage_job_first_end (
    job_id         bigint      primary key references job (id) on delete cascade,
    first_ended_at timestamptz not null
);

-- One function for the three statement triggers: the ended attempts of the old rows are taken
-- out, those of the new rows put in (an update does both), then the touched jobs' first ends.
create function usage_day_apply() returns trigger language plpgsql as $$
declare
    touched bigint[];
begin
    -- (each transition table is named only where the trigger has it)
    if TG_OP = 'DELETE' then
        if not exists (select 1 from old_rows where ended_at is not null) then
            return null;
        end if;
    elsif TG_OP = 'INSERT' then
        if not exists (select 1 from new_rows where ended_at is not null) then
            return null;
        end if;
    elsif not exists (select 1 from old_rows where ended_at is not null)
            and not exists (select 1 from new_rows where ended_at is not null) then
        return null;
    end if;

    if TG_OP in ('UPDATE', 'DELETE') then
        insert into usage_day as u (day, owner_id, virtual_cluster, attempts, succeeded, failed, cpu_seconds,
                                    gpu_seconds, wait_seconds, waits, cpu_time_ms, max_peak_memory_mb)
        select (a.ended_at at time zone 'UTC')::date, j.owner_id, j.virtual_cluster, -count(*),
               -count(*) filter (where a.phase = 'SUCCEEDED'), -count(*) filter (where a.phase = 'FAILED'),
               -coalesce(sum(a.cpu * extract(epoch from a.ended_at - a.started_at)), 0),
               -coalesce(sum(a.gpu * extract(epoch from a.ended_at - a.started_at)), 0),
               -coalesce(sum(extract(epoch from a.started_at - j.submitted_at)), 0),
               -count(a.started_at - j.submitted_at), -coalesce(sum(a.cpu_time_ms), 0), null
        from old_rows a join job j on j.id = a.job_id
        where a.ended_at is not null
        group by 1, 2, 3
        on conflict (day, owner_id, virtual_cluster) do update set
            attempts = u.attempts + excluded.attempts, succeeded = u.succeeded + excluded.succeeded,
            failed = u.failed + excluded.failed, cpu_seconds = u.cpu_seconds + excluded.cpu_seconds,
            gpu_seconds = u.gpu_seconds + excluded.gpu_seconds, wait_seconds = u.wait_seconds + excluded.wait_seconds,
            waits = u.waits + excluded.waits, cpu_time_ms = u.cpu_time_ms + excluded.cpu_time_ms;
    end if;

    if TG_OP in ('UPDATE', 'INSERT') then
        insert into usage_day as u (day, owner_id, virtual_cluster, attempts, succeeded, failed, cpu_seconds,
                                    gpu_seconds, wait_seconds, waits, cpu_time_ms, max_peak_memory_mb)
        select (a.ended_at at time zone 'UTC')::date, j.owner_id, j.virtual_cluster, count(*),
               count(*) filter (where a.phase = 'SUCCEEDED'), count(*) filter (where a.phase = 'FAILED'),
               coalesce(sum(a.cpu * extract(epoch from a.ended_at - a.started_at)), 0),
               coalesce(sum(a.gpu * extract(epoch from a.ended_at - a.started_at)), 0),
               coalesce(sum(extract(epoch from a.started_at - j.submitted_at)), 0),
               count(a.started_at - j.submitted_at), coalesce(sum(a.cpu_time_ms), 0), max(a.peak_memory_mb)
        from new_rows a join job j on j.id = a.job_id
        where a.ended_at is not null
        group by 1, 2, 3
        on conflict (day, owner_id, virtual_cluster) do update set
            attempts = u.attempts + excluded.attempts, succeeded = u.succeeded + excluded.succeeded,
            failed = u.failed + excluded.failed, cpu_seconds = u.cpu_seconds + excluded.cpu_seconds,
            gpu_seconds = u.gpu_seconds + excluded.gpu_seconds, wait_seconds = u.wait_seconds + excluded.wait_seconds,
            waits = u.waits + excluded.waits, cpu_time_ms = u.cpu_time_ms + excluded.cpu_time_ms,
            -- a maximum cannot be taken back: a removed attempt's peak stays (attempts are never removed)
            max_peak_memory_mb = greatest(u.max_peak_memory_mb, excluded.max_peak_memory_mb);
    end if;

    -- The jobs touched: each counts on the day of its first ended attempt, recomputed here.
    if TG_OP = 'INSERT' then
        select array_agg(distinct job_id) into touched from new_rows where ended_at is not null;
    elsif TG_OP = 'DELETE' then
        select array_agg(distinct job_id) into touched from old_rows where ended_at is not null;
    else
        select array_agg(distinct job_id) into touched
        from (select job_id from new_rows where ended_at is not null
              union select job_id from old_rows where ended_at is not null) t;
    end if;

    insert into usage_day as u (day, owner_id, virtual_cluster, jobs)
    select (f.first_ended_at at time zone 'UTC')::date, j.owner_id, j.virtual_cluster, -count(*)
    from usage_job_first_end f join job j on j.id = f.job_id
    where f.job_id = any (touched)
    group by 1, 2, 3
    on conflict (day, owner_id, virtual_cluster) do update set jobs = u.jobs + excluded.jobs;
    delete from usage_job_first_end where job_id = any (touched);

    insert into usage_job_first_end (job_id, first_ended_at)
    select a.job_id, min(a.ended_at) from task_attempt a
    where a.job_id = any (touched) and a.ended_at is not null
    group by a.job_id;
    insert into usage_day as u (day, owner_id, virtual_cluster, jobs)
    select (f.first_ended_at at time zone 'UTC')::date, j.owner_id, j.virtual_cluster, count(*)
    from usage_job_first_end f join job j on j.id = f.job_id
    where f.job_id = any (touched)
    group by 1, 2, 3
    on conflict (day, owner_id, virtual_cluster) do update set jobs = u.jobs + excluded.jobs;
    return null;
end $$;

create trigger usage_day_insert after insert on task_attempt
    referencing new table as new_rows for each statement execute function usage_day_apply();
create trigger usage_day_update after update on task_attempt
    referencing old table as old_rows new table as new_rows for each statement execute function usage_day_apply();
create trigger usage_day_delete after delete on task_attempt
    referencing old table as old_rows for each statement execute function usage_day_apply();

-- A job's attempts go before the job does: the triggers above need the job's owner and virtual
-- cluster, which a cascaded delete no longer sees.
create function usage_day_job_deleted() returns trigger language plpgsql as $$
begin
    delete from task_attempt where job_id = old.id;
    return old;
end $$;

create trigger usage_day_job_delete before delete on job
    for each row execute function usage_day_job_deleted();

-- What already ended before this migration.
insert into usage_job_first_end (job_id, first_ended_at)
select job_id, min(ended_at) from task_attempt where ended_at is not null group by job_id;

insert into usage_day (day, owner_id, virtual_cluster, jobs, attempts, succeeded, failed, cpu_seconds, gpu_seconds,
                       wait_seconds, waits, cpu_time_ms, max_peak_memory_mb)
select d.day, d.owner_id, d.virtual_cluster, coalesce(f.jobs, 0), d.attempts, d.succeeded, d.failed, d.cpu_seconds,
       d.gpu_seconds, d.wait_seconds, d.waits, d.cpu_time_ms, d.max_peak_memory_mb
from (select (a.ended_at at time zone 'UTC')::date as day, j.owner_id, j.virtual_cluster, count(*) as attempts,
             count(*) filter (where a.phase = 'SUCCEEDED') as succeeded,
             count(*) filter (where a.phase = 'FAILED') as failed,
             coalesce(sum(a.cpu * extract(epoch from a.ended_at - a.started_at)), 0) as cpu_seconds,
             coalesce(sum(a.gpu * extract(epoch from a.ended_at - a.started_at)), 0) as gpu_seconds,
             coalesce(sum(extract(epoch from a.started_at - j.submitted_at)), 0) as wait_seconds,
             count(a.started_at - j.submitted_at) as waits, coalesce(sum(a.cpu_time_ms), 0) as cpu_time_ms,
             max(a.peak_memory_mb) as max_peak_memory_mb
      from task_attempt a join job j on j.id = a.job_id
      where a.ended_at is not null
      group by 1, 2, 3) d
left join (select (f.first_ended_at at time zone 'UTC')::date as day, j.owner_id, j.virtual_cluster, count(*) as jobs
           from usage_job_first_end f join job j on j.id = f.job_id
           group by 1, 2, 3) f
       on f.day = d.day and f.owner_id = d.owner_id and f.virtual_cluster = d.virtual_cluster;
