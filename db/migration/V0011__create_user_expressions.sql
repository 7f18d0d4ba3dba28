-- Per-user values for <% expression.key %> in job documents.
create table user_expression (
    id         bigserial primary key,
    user_id    bigint        not null references app_user (id) on delete cascade,
    expr_key   varchar(64)   not null,
    expr_value varchar(4096) not null,
    updated_at timestamptz   not null,
    constraint user_expression_key unique (user_id, expr_key)
);
