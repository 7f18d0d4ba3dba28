-- Platform retries (docs/diagnostics.md): a task attempt whose failure the catalogue calls
-- transient and not the user's runs again without counting against taskRetryCount.
-- job_task counts them in the current job attempt; task_attempt names the diagnosis that
-- made the platform retry the attempt that followed it.
alter table job_task add column platform_retries integer not null default 0 check (platform_retries >= 0);
alter table task_attempt add column platform_retry varchar(255);
