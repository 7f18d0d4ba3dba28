-- What a deploy measured and pinned on an SSH host, and whether it is draining: a draining
-- host takes no new tasks (they wait) while its running ones end or are stopped.
alter table ssh_host add column cpu integer;
alter table ssh_host add column memory_mb integer;
alter table ssh_host add column gpu integer;
alter table ssh_host add column host_key varchar(8192);
alter table ssh_host add column draining boolean not null default false;
