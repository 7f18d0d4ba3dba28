-- Stars: each user's bookmarks on jobs. A job's or user's deletion removes its stars with it.
create table job_star (
    user_id    bigint      not null references app_user (id) on delete cascade,
    job_id     bigint      not null references job (id) on delete cascade,
    created_at timestamptz not null,
    primary key (user_id, job_id)
);
-- The cascade from job looks stars up by job.
create index job_star_job on job_star (job_id);
