-- platform tables shared by every feature: idempotency, operator settings,
-- analytics events and client error logs.

-- one row per (caller, x-request-id); `status` is null while the first request is in flight.
create table idempotency_keys (
    caller        text    not null,
    request_key   text    not null,
    request_hash  text    not null,
    status        bigint,
    content_type  text,
    body          bytea,
    created_at_ms bigint not null,
    primary key (caller, request_key)
);
create index idempotency_keys_created on idempotency_keys (created_at_ms);

-- small operator-controlled key/value settings (maintenance mode, ...), JSON values.
create table settings (
    key           text    primary key,
    value         text    not null,
    updated_at_ms bigint not null
);

-- analytics click events sent by the web app (R1.15).
create table analytics_events (
    id             bigint generated always as identity primary key,
    name           text    not null,
    properties     text    not null,
    path           text,
    device_id      text,
    platform       text,
    occurred_at_ms bigint not null,
    received_at_ms bigint not null
);
create index analytics_events_name on analytics_events (name, received_at_ms);

-- uncaught errors and unhandled rejections reported by browsers (R8.10).
create table client_logs (
    id             bigint generated always as identity primary key,
    kind           text    not null,
    message        text    not null,
    stack          text,
    url            text    not null,
    device_id      text,
    user_agent     text,
    occurred_at_ms bigint not null,
    received_at_ms bigint not null
);
create index client_logs_received on client_logs (received_at_ms);
