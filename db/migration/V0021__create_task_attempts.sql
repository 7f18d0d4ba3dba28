-- The runtime's record of each launch of a task: claimed before the executor is called,
-- its handle stored right after, ended when the executor reports an end (decision 0005).
create table task_attempt (
    id                bigserial     primary key,
    task_id           bigint        not null references job_task (id) on delete cascade,
    job_id            bigint        not null references job (id) on delete cascade,
    job_attempt       integer       not null check (job_attempt >= 0),
    retry             integer       not null check (retry >= 0),
    attempt           integer       not null check (attempt >= 1),
    state             varchar(16)   not null check (state in ('LAUNCHING', 'LAUNCHED', 'ENDED')),
    executor          varchar(16)   not null,
    target            varchar(255)  not null default '',
    claimed_by        varchar(64)   not null,
    external_id       varchar(255),
    work_dir          varchar(1024),
    cpu               integer       not null default 0,
    memory_mb         integer       not null default 0,
    gpu               integer       not null default 0,
    host              varchar(255)  not null default '',
    ports             varchar(1024) not null default '',
    phase             varchar(16),
    exit_code         integer,
    node              varchar(255),
    diagnostics       text,
    stop_requested_at timestamptz,
    claimed_at        timestamptz   not null,
    launched_at       timestamptz,
    started_at        timestamptz,
    ended_at          timestamptz,
    constraint task_attempt_number unique (task_id, attempt)
);
-- At most one attempt of a task is active: a second claim fails here, not in Java.
create unique index task_attempt_one_active on task_attempt (task_id) where state <> 'ENDED';
create index task_attempt_unended on task_attempt (state) where state <> 'ENDED';
create index task_attempt_task on task_attempt (task_id, job_attempt, retry);

-- Why a waiting task waits ("needs 4 cpu, 1 free; position 3 in queue").
alter table job_task add column waiting_reason varchar(1024);
