-- Courses: instructors publish units of lecture notes, marketplace links and assignments to
-- an audience of groups (and of users who enrolled with the course's key).

create table course (
    id             bigserial primary key,
    code           varchar(32)   not null,
    title          varchar(255)  not null,
    term           varchar(32)   not null default '',
    description    text          not null default '',
    -- SHA-256 of the self-enrolment key; null when the course has none.
    enrol_key_hash varchar(64),
    created_by     bigint        references app_user (id) on delete set null,
    created_at     timestamptz   not null,
    updated_at     timestamptz   not null,
    constraint course_code_term unique (code, term)
);

create table course_group (
    course_id bigint not null references course (id) on delete cascade,
    group_id  bigint not null references app_group (id) on delete cascade,
    primary key (course_id, group_id)
);
create index course_group_group on course_group (group_id);

create table course_instructor (
    course_id bigint not null references course (id) on delete cascade,
    user_id   bigint not null references app_user (id) on delete cascade,
    primary key (course_id, user_id)
);
create index course_instructor_user on course_instructor (user_id);

-- Users who joined with the enrolment key, outside the audience's groups.
create table course_member (
    course_id   bigint      not null references course (id) on delete cascade,
    user_id     bigint      not null references app_user (id) on delete cascade,
    enrolled_at timestamptz not null,
    primary key (course_id, user_id)
);
create index course_member_user on course_member (user_id);

-- A unit is a draft while publish_at is null; the audience sees it from publish_at on.
create table course_unit (
    id          bigserial primary key,
    course_id   bigint       not null references course (id) on delete cascade,
    position    integer      not null,
    title       varchar(255) not null,
    description text         not null default '',
    publish_at  timestamptz,
    created_at  timestamptz  not null
);
create index course_unit_course on course_unit (course_id, position);

-- Lecture notes: every upload of a name is a new version; bytes live in the courses' file
-- store under the unit id, the version and a hash of the name.
create table course_material (
    unit_id      bigint       not null references course_unit (id) on delete cascade,
    name         varchar(255) not null,
    version      integer      not null,
    size         bigint       not null,
    content_type varchar(255) not null,
    sha256       varchar(64)  not null,
    created_by   bigint       references app_user (id) on delete set null,
    created_at   timestamptz  not null,
    primary key (unit_id, name, version)
);

-- Who opened which note: counted per unit for the instructor, never listed by name.
create table course_material_open (
    unit_id   bigint       not null references course_unit (id) on delete cascade,
    name      varchar(255) not null,
    user_id   bigint       not null references app_user (id) on delete cascade,
    opened_at timestamptz  not null,
    primary key (unit_id, name, user_id)
);

create table course_link (
    unit_id  bigint  not null references course_unit (id) on delete cascade,
    item_id  bigint  not null references market_item (id) on delete cascade,
    position integer not null,
    primary key (unit_id, item_id)
);

-- An assignment's job comes from a marketplace template version or from yaml written here.
create table course_assignment (
    id               bigserial primary key,
    unit_id          bigint       not null references course_unit (id) on delete cascade,
    title            varchar(255) not null,
    description      text         not null default '',
    template_item_id bigint       references market_item (id) on delete set null,
    template_version integer,
    yaml             text         not null default '',
    due_at           timestamptz,
    virtual_cluster  varchar(64)  not null,
    max_gpu          integer,
    max_cpu          integer,
    max_memory_mb    integer,
    created_at       timestamptz  not null
);
create index course_assignment_unit on course_assignment (unit_id);

-- The link of a job to the assignment it was started from.
create table course_job (
    job_id        bigint primary key references job (id) on delete cascade,
    assignment_id bigint not null references course_assignment (id) on delete cascade
);
create index course_job_assignment on course_job (assignment_id);

-- When a user last opened a course: units published since then are new to them.
create table course_visit (
    course_id  bigint      not null references course (id) on delete cascade,
    user_id    bigint      not null references app_user (id) on delete cascade,
    visited_at timestamptz not null,
    primary key (course_id, user_id)
);
