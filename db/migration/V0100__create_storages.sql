-- Storages an administrator registered: a root URI that Commons VFS opens, sealed credentials,
-- the groups that may use it and the path jobs see it at.
create table storage (
    id             bigserial primary key,
    name           varchar(64)   not null unique,
    kind           varchar(16)   not null,
    root_uri       varchar(2048) not null,
    credentials    bytea,
    read_only      boolean       not null default false,
    default_storage boolean      not null default false,
    mount_path     varchar(1024) not null,
    description    varchar(1024) not null default ''
);

create table storage_group (
    storage_id bigint      not null references storage (id) on delete cascade,
    group_name varchar(64) not null,
    primary key (storage_id, group_name)
);
