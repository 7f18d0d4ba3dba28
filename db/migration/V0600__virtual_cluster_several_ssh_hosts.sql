-- An ssh virtual cluster names several SSH hosts, comma-separated in order (decision 0094):
-- room for many aliases of up to 64 characters each.
alter table virtual_cluster alter column executor_target type varchar(8192);
