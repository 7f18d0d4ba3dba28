-- What OpenPAI shows about a job besides its text: tags, tasks, attempts and events.
-- Totals are kept on the job so that the list can sort and page by them without joins.
alter table job add column total_task_number      integer not null default 0;
alter table job add column total_task_role_number integer not null default 0;
alter table job add column total_gpu_number       integer not null default 0;

create table job_tag (
    job_id bigint       not null references job (id) on delete cascade,
    tag    varchar(255) not null,
    primary key (job_id, tag)
);
create index job_tag_tag on job_tag (tag);

-- One row per task (task role instance). The runtime adds its executor columns later.
create table job_task (
    id               bigserial primary key,
    job_id           bigint       not null references job (id) on delete cascade,
    role_name        varchar(64)  not null,
    task_index       integer      not null check (task_index >= 0),
    state            varchar(16)  not null
        check (state in ('WAITING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'STOPPING', 'STOPPED')),
    retries          integer      not null default 0,
    exit_code        integer,
    exit_diagnostics text,
    node_host        varchar(255),
    node_ip          varchar(64),
    started_at       timestamptz,
    completed_at     timestamptz,
    version          bigint       not null default 0,
    constraint job_task_role_index unique (job_id, role_name, task_index)
);
create index job_task_state on job_task (state);

create table job_attempt (
    id            bigserial primary key,
    job_id        bigint      not null references job (id) on delete cascade,
    attempt_index integer     not null check (attempt_index >= 0),
    state         varchar(16) not null
        check (state in ('WAITING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'STOPPING', 'STOPPED')),
    started_at    timestamptz,
    completed_at  timestamptz,
    exit_code     integer,
    diagnostics   text,
    constraint job_attempt_index unique (job_id, attempt_index)
);

create table job_event (
    id      bigserial primary key,
    job_id  bigint        not null references job (id) on delete cascade,
    at      timestamptz   not null,
    type    varchar(16)   not null check (type in ('Normal', 'Warning')),
    reason  varchar(64)   not null,
    message varchar(4096) not null
);
create index job_event_job_at on job_event (job_id, at desc, id desc);
