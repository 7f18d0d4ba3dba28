-- The failure catalogue (issue 17): patterns that recognise why a task failed and say what to do.
-- Seeded from the application's patterns.yaml at start (codes it lacks); administrators edit it.
create table failure_pattern (
    code        integer       primary key,
    phrase      varchar(64)   not null unique,
    category    varchar(16)   not null check (category in ('USER', 'PLATFORM', 'HARDWARE', 'DEPENDENCY', 'DATA', 'RESOURCE')),
    behavior    varchar(16)   not null check (behavior in ('TRANSIENT', 'PERMANENT')),
    failure     boolean       not null default true,
    reason      varchar(1000) not null,
    solution    varchar(1000) not null,
    link        varchar(1000),
    exit_codes  varchar(200)  not null default '',
    signal      integer       check (signal between 1 and 64),
    step        varchar(32),
    keywords    varchar(2000) not null default '',
    regex       varchar(2000),
    fix         varchar(200),
    priority    integer       not null,
    enabled     boolean       not null default true,
    seeded      boolean       not null default false,
    updated_at  timestamptz   not null default now()
);

-- The latest diagnosis of a job attempt, as its job list row and status show it without reading logs.
create table job_diagnosis (
    job_id      bigint        not null references job (id) on delete cascade,
    job_attempt integer       not null,
    phrase      varchar(64)   not null,
    summary     varchar(200)  not null,
    body        text          not null,
    analysed_at timestamptz   not null,
    primary key (job_id, job_attempt)
);
