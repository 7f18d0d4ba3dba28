-- The job editor's autosaved draft: one per user, replaced after each pause in typing, so a
-- lost session loses nothing. Deleted when the job is submitted. Sealed like a job's secrets:
-- a draft may hold secret values the author typed.
create table job_draft (
    id         bigserial primary key,
    owner_id   bigint       not null unique references app_user (id) on delete cascade,
    sealed_text bytea       not null,
    origin     varchar(300) not null default '',
    updated_at timestamptz  not null,
    version    bigint       not null default 0
);

-- Where the editor was opened from ("template:hello-world", "clone:alice~mnist"), for tips.
create table job_editor_start (
    id         bigserial primary key,
    owner_id   bigint       not null references app_user (id) on delete cascade,
    origin     varchar(300) not null,
    started_at timestamptz  not null
);
create index job_editor_start_owner on job_editor_start (owner_id, started_at desc);

-- Tips a user dismissed; they stay dismissed.
create table dismissed_tip (
    id           bigserial primary key,
    owner_id     bigint       not null references app_user (id) on delete cascade,
    tip_key      varchar(300) not null,
    dismissed_at timestamptz  not null,
    constraint dismissed_tip_owner_key unique (owner_id, tip_key)
);
