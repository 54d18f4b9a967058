-- Delivery of every SMS sent through a real provider (issue 20): the provider's message id and the
-- latest status its callbacks reported.
create table sms_deliveries (
    id text primary key,
    provider text not null,
    provider_message_id text unique,
    destination text not null,
    status text not null,
    error_code text,
    created_at_ms bigint not null,
    updated_at_ms bigint not null
);
create index sms_deliveries_destination on sms_deliveries (destination, created_at_ms);
