-- SSH hosts an administrator registered for the ssh executor (and Slurm login nodes).
create table ssh_host (
    id          bigserial primary key,
    alias       varchar(64)   not null unique,
    host        varchar(255)  not null,
    port        integer       not null default 22 check (port between 1 and 65535),
    username    varchar(64)   not null,
    key_path    varchar(1024) not null,
    base_dir    varchar(1024) not null default '.gantry',
    description varchar(1024) not null default ''
);
