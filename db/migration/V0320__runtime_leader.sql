-- The lease of the one Gantry instance whose reconciler leads (decision 0040). One row: the
-- holder renews it; another instance takes it over, with the next epoch, once it expired.
-- Every runtime write checks the epoch in its own transaction, so a former leader is refused.
create table runtime_leader (
    id          integer primary key check (id = 1),
    holder      varchar(300),
    epoch       bigint not null default 0,
    acquired_at timestamp with time zone,
    renewed_at  timestamp with time zone
);
insert into runtime_leader (id) values (1);
