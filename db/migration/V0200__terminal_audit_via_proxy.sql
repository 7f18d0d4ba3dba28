-- The browser proxy (/jobs/<user>~<job>/proxy/…) records its admissions beside the gateway's.
alter table terminal_audit drop constraint terminal_audit_via_check;
alter table terminal_audit add constraint terminal_audit_via_check check (via in ('SSH', 'BROWSER', 'PROXY'));
