-- User names may now have capitals (OpenPAI's ^[\w.-]+$). They stay case-sensitive, but two
-- accounts whose names differ only in case are refused (docs/decisions/0003-rest-api-v2.md).
create unique index app_user_username_lower on app_user (lower(username));
