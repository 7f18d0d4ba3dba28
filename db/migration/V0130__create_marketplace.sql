-- The marketplace: shared items, their immutable versions, files, stars, follows and history.

-- Admins manage categories; "official" is the one the Official view lists.
create table market_category (
    id          bigserial primary key,
    name        varchar(64)   not null unique,
    description varchar(1024) not null default ''
);
insert into market_category (name, description) values ('official', 'Curated by the administrators.');

-- array_to_string is only STABLE for anyarray; for text[] it cannot change, and a generated
-- column needs an IMMUTABLE expression.
create function market_words(words text[]) returns text
    language sql immutable parallel safe
    as $$ select array_to_string(words, ' ') $$;

-- An item's row holds its published fields: what others see and search. A public item's
-- newer versions wait in market_version until an administrator approves them.
create table market_item (
    id                bigserial primary key,
    name              varchar(64)   not null unique,
    display_name      varchar(255)  not null,
    type              varchar(16)   not null
        check (type in ('template', 'image', 'data', 'file', 'code', 'example', 'plugin')),
    author_id         bigint        not null references app_user (id) on delete cascade,
    visibility        varchar(8)    not null check (visibility in ('public', 'private', 'groups')),
    status            varchar(16)   not null check (status in ('draft', 'pending', 'approved', 'rejected')),
    status_reason     varchar(2048) not null default '',
    summary           varchar(1024) not null default '',
    description       text          not null default '',
    content           text          not null default '',
    tags              text[]        not null default '{}',
    categories        text[]        not null default '{}',
    -- Where it came from: typed in the portal, saved from a job, or read from Git.
    source            varchar(8)    not null default 'portal' check (source in ('portal', 'job', 'git')),
    git_url           varchar(1024),
    git_ref           varchar(255),
    latest_version    integer       not null,
    published_version integer,
    star_number       integer       not null default 0,
    use_number        integer       not null default 0,
    download_number   integer       not null default 0,
    created_at        timestamptz   not null,
    updated_at        timestamptz   not null,
    -- Weights: name A > tags B > summary C > description D.
    search            tsvector generated always as (
        setweight(to_tsvector('english', replace(name, '-', ' ') || ' ' || display_name), 'A')
        || setweight(to_tsvector('english', market_words(tags)), 'B')
        || setweight(to_tsvector('english', summary), 'C')
        || setweight(to_tsvector('english', description), 'D')) stored
);
create index market_item_search on market_item using gin (search);
create index market_item_tags on market_item using gin (tags);
create index market_item_categories on market_item using gin (categories);
create index market_item_author on market_item (author_id);
-- As-you-type prefixes of the display name, and the sorts.
create index market_item_display_prefix on market_item (lower(display_name) text_pattern_ops);
create index market_item_stars on market_item (star_number desc, id desc);
create index market_item_uses on market_item (use_number desc, id desc);
create index market_item_created on market_item (created_at desc, id desc);

-- Groups that may see an item whose visibility is 'groups'.
create table market_item_group (
    item_id  bigint not null references market_item (id) on delete cascade,
    group_id bigint not null references app_group (id) on delete cascade,
    primary key (item_id, group_id)
);
create index market_item_group_group on market_item_group (group_id);

-- Every published change is a new version; a version is never changed after it is written,
-- except for its review status.
create table market_version (
    item_id       bigint        not null references market_item (id) on delete cascade,
    version       integer       not null,
    display_name  varchar(255)  not null,
    summary       varchar(1024) not null default '',
    description   text          not null default '',
    content       text          not null default '',
    tags          text[]        not null default '{}',
    changelog     varchar(1024) not null default '',
    status        varchar(16)   not null check (status in ('draft', 'pending', 'approved', 'rejected')),
    status_reason varchar(2048) not null default '',
    created_by    bigint        references app_user (id) on delete set null,
    created_at    timestamptz   not null,
    primary key (item_id, version)
);

-- Files belong to the version they were uploaded to; a version sees the newest of each name
-- up to itself. The bytes live in the marketplace's file store, never under the name given.
create table market_file (
    item_id      bigint       not null references market_item (id) on delete cascade,
    version      integer      not null,
    name         varchar(255) not null,
    size         bigint       not null,
    content_type varchar(255) not null,
    sha256       varchar(64)  not null,
    created_at   timestamptz  not null,
    primary key (item_id, name, version)
);

create table market_star (
    user_id    bigint      not null references app_user (id) on delete cascade,
    item_id    bigint      not null references market_item (id) on delete cascade,
    created_at timestamptz not null,
    primary key (user_id, item_id)
);
create index market_star_item on market_star (item_id);

-- A follower has seen the item up to seen_version.
create table market_follow (
    user_id      bigint      not null references app_user (id) on delete cascade,
    item_id      bigint      not null references market_item (id) on delete cascade,
    seen_version integer     not null,
    created_at   timestamptz not null,
    primary key (user_id, item_id)
);
create index market_follow_item on market_follow (item_id);

-- Jobs created from a template: marketplace {item, version}.
create table market_job (
    job_id  bigint  primary key references job (id) on delete cascade,
    item_id bigint  not null references market_item (id) on delete cascade,
    version integer not null
);
create index market_job_item on market_job (item_id);

-- Who did what to an item, for its history page.
create table market_audit (
    id      bigserial primary key,
    item_id bigint        not null references market_item (id) on delete cascade,
    actor   varchar(64)   not null,
    action  varchar(32)   not null,
    detail  varchar(2048) not null default '',
    at      timestamptz   not null
);
create index market_audit_item on market_audit (item_id, at desc);
