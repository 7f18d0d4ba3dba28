-- An SFTP storage's host key, pinned when it was registered (a known_hosts line); a server
-- that presents another key is refused.
alter table storage add column host_key varchar(8192);
