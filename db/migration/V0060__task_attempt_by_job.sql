-- A job's detail reads its task attempts by job and job attempt (one query, whatever its tasks).
create index task_attempt_job on task_attempt (job_id, job_attempt);
