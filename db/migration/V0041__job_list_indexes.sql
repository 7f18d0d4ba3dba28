-- The job list's first page must not sort or scan the table, whatever it is sorted or searched by.
-- pg_trgm is a trusted extension: a database owner may create it without being a superuser.
create extension if not exists pg_trgm;
-- Keyword search: substring matches on name and virtual cluster (users are searched in app_user).
create index job_name_trgm on job using gin (name gin_trgm_ops);
create index job_vc_trgm on job using gin (virtual_cluster gin_trgm_ops);
-- Sorting by a column, ties by id in the same direction; scanned backwards for descending order.
create index job_name_id on job (name, id);
create index job_vc_id on job (virtual_cluster, id);
create index job_state_id on job (state, id);
create index job_retries_id on job (retries, id);
