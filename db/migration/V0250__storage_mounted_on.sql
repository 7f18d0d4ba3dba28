-- Where besides Gantry's own host a storage is mounted at its mount path: executor kinds or
-- kind:target entries (slurm, ssh:gpu1), comma-separated; empty means on Gantry's host only.
alter table storage add column mounted_on varchar(1024) not null default '';
