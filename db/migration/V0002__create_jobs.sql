-- Jobs as submitted: the text the user sent, the text after templating, the secrets apart.
create table job (
    id                 bigserial primary key,
    owner_id           bigint       not null references app_user (id),
    name               varchar(255) not null,
    virtual_cluster    varchar(64)  not null,
    state              varchar(16)  not null
        check (state in ('WAITING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'STOPPING', 'STOPPED')),
    execution_type     varchar(8)   not null default 'START' check (execution_type in ('START', 'STOP')),
    submitted_text     text         not null,
    resolved_text      text         not null,
    secrets_ciphertext bytea,
    retries            integer      not null default 0,
    exit_code          integer,
    exit_diagnostics   text,
    submitted_at       timestamptz  not null,
    started_at         timestamptz,
    completed_at       timestamptz,
    version            bigint       not null default 0,
    constraint job_owner_name unique (owner_id, name)
);
-- The list pages newest first, overall and per user / cluster / state.
create index job_submitted on job (submitted_at desc, id desc);
create index job_owner_submitted on job (owner_id, submitted_at desc, id desc);
create index job_vc_submitted on job (virtual_cluster, submitted_at desc, id desc);
create index job_state_submitted on job (state, submitted_at desc, id desc);
