-- Usage and billing (issue 18): what an attempt measured, prices per virtual cluster, budgets.

-- Measured by the executor where it can (null where it cannot): peak resident memory and
-- CPU time (user + system) of the task's processes.
alter table task_attempt add column peak_memory_mb bigint;
alter table task_attempt add column cpu_time_ms    bigint;

-- The history export and statements select attempts by when they ended or ran.
create index task_attempt_ended_at on task_attempt (ended_at) where ended_at is not null;
create index task_attempt_started_at on task_attempt (started_at) where started_at is not null;

-- Prices in integer minor units of gantry.billing.currency, each in force from its instant
-- until the next row of the same virtual cluster (a price change never rewrites the past).
create table billing_price (
    id                    bigserial   primary key,
    virtual_cluster       varchar(64) not null,
    effective_from        timestamptz not null,
    cpu_hour_minor        bigint      not null check (cpu_hour_minor >= 0),
    gpu_hour_minor        bigint      not null check (gpu_hour_minor >= 0),
    memory_gb_hour_minor  bigint      not null check (memory_gb_hour_minor >= 0),
    constraint billing_price_vc_from unique (virtual_cluster, effective_from)
);

-- A monthly budget of a user or a group; warnings at the given percentages; a hard limit
-- refuses new submissions once the month's charges reach the amount.
create table billing_budget (
    id             bigserial   primary key,
    scope          varchar(8)  not null check (scope in ('USER', 'GROUP')),
    subject        varchar(64) not null,
    amount_minor   bigint      not null check (amount_minor > 0),
    warn_percents  varchar(64) not null default '80',
    hard_limit     boolean     not null default false,
    constraint billing_budget_subject unique (scope, subject)
);
