-- Wrong one-time codes are limited per client address and per device and hour (issue 21).
create index security_log_ip on security_log (ip, kind, at_ms);
create index security_log_device on security_log (device_id, kind, at_ms);
