-- Public keys that let a user into the SSH gateway. A key belongs to one user only: the
-- gateway finds the user from the key alone.
create table user_ssh_key (
    id           bigserial primary key,
    user_id      bigint        not null references app_user (id) on delete cascade,
    name         varchar(64)   not null,
    key_type     varchar(64)   not null,
    public_key   varchar(16384) not null,
    fingerprint  varchar(64)   not null unique,
    created_at   timestamptz   not null,
    last_used_at timestamptz,
    constraint user_ssh_key_name unique (user_id, name)
);
create index user_ssh_key_user on user_ssh_key (user_id);

-- Every attempt to enter a task's shell, allowed or refused. Names are copied, not
-- referenced, so the record outlives deleted accounts.
create table terminal_audit (
    id              bigserial primary key,
    at              timestamptz   not null,
    username        varchar(64),
    via             varchar(16)   not null check (via in ('SSH', 'BROWSER')),
    key_fingerprint varchar(64),
    login_name      varchar(256)  not null,
    remote_address  varchar(64)   not null,
    outcome         varchar(16)   not null check (outcome in ('ALLOWED', 'REFUSED')),
    reason          varchar(1024) not null
);
create index terminal_audit_at on terminal_audit (at desc, id desc);
create index terminal_audit_user_at on terminal_audit (username, at desc);
