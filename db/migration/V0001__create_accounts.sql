-- Accounts: users, groups, virtual clusters, and API tokens.
create table virtual_cluster (
    id              bigserial primary key,
    name            varchar(64)   not null unique,
    description     varchar(1024) not null default '',
    executor        varchar(16)   not null default 'local',
    executor_target varchar(255)  not null default '',
    cpu_quota       integer,
    memory_mb_quota integer,
    gpu_quota       integer
);

create table app_group (
    id          bigserial primary key,
    name        varchar(64)   not null unique,
    description varchar(1024) not null default ''
);

create table group_virtual_cluster (
    group_id           bigint not null references app_group (id) on delete cascade,
    virtual_cluster_id bigint not null references virtual_cluster (id) on delete cascade,
    primary key (group_id, virtual_cluster_id)
);

create table app_user (
    id            bigserial primary key,
    username      varchar(64)  not null unique,
    password_hash varchar(100) not null,
    email         varchar(255) not null default '',
    role          varchar(16)  not null check (role in ('USER', 'INSTRUCTOR', 'ADMIN')),
    enabled       boolean      not null default true,
    created_at    timestamptz  not null,
    version       bigint       not null default 0
);

create table user_group (
    user_id  bigint not null references app_user (id) on delete cascade,
    group_id bigint not null references app_group (id) on delete cascade,
    primary key (user_id, group_id)
);

-- Only a hash of each token is kept: a database leak must not hand out sessions.
create table api_token (
    id           bigserial primary key,
    user_id      bigint       not null references app_user (id) on delete cascade,
    token_hash   varchar(64)  not null unique,
    kind         varchar(16)  not null check (kind in ('SESSION', 'APPLICATION')),
    label        varchar(255) not null default '',
    created_at   timestamptz  not null,
    expires_at   timestamptz,
    last_used_at timestamptz,
    revoked_at   timestamptz
);
create index api_token_user on api_token (user_id);
