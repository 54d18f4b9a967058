-- identity: users, one-time codes, sessions per device, refresh tokens and the security log.

create table users (
    id                   text    primary key,
    phone_e164           text    not null unique,
    name                 text,
    email                text,
    pin_hash             text,
    pin_failed_attempts  integer not null default 0,
    pin_locked           integer not null default 0,
    -- ACTIVE, or LOCKED_FOR_REVIEW after too many failed codes or PINs in a row
    status               text    not null default 'ACTIVE',
    -- consecutive failed codes and PINs; reset by a success
    failures_in_a_row    integer not null default 0,
    kyc_status           text    not null default 'UNVERIFIED',
    gss_kyc_status       text    not null default 'UNVERIFIED',
    terms_version        integer not null default 0,
    referral_code        text,
    language             text    not null default 'id',
    created_at_ms        integer not null,
    pin_changed_at_ms    integer
);

create table user_tags (
    user_id text not null references users (id),
    tag     text not null,
    primary key (user_id, tag)
);

-- a one-time code sent to a phone for one purpose; only its hash is kept.
create table otp_challenges (
    id                    text    primary key,
    phone_e164            text    not null,
    purpose               text    not null,
    code_hash             text    not null,
    attempts              integer not null default 0,
    consumed              integer not null default 0,
    -- after a correct code: the hash of the single-use verification token and its expiry
    verification_hash     text    unique,
    verification_expires_at_ms integer,
    verification_used     integer not null default 0,
    client_ip             text,
    device_id             text,
    created_at_ms         integer not null,
    expires_at_ms         integer not null
);
create index otp_challenges_phone on otp_challenges (phone_e164, created_at_ms);
create index otp_challenges_ip on otp_challenges (client_ip, created_at_ms);

create table sessions (
    id              text    primary key,
    user_id         text    not null references users (id),
    device_id       text    not null,
    device_name     text    not null,
    platform        text,
    ip              text,
    -- ACTIVE, REVOKED
    status          text    not null,
    -- flagged by fraud rules: listed as INACTIVE until the user unblocks it
    fraud_flagged   integer not null default 0,
    created_at_ms   integer not null,
    last_seen_at_ms integer not null,
    revoked_at_ms   integer,
    revoked_reason  text
);
create index sessions_user on sessions (user_id, status);

-- rotating refresh tokens; a reused (already rotated) token revokes its whole session.
create table refresh_tokens (
    token_hash    text    primary key,
    session_id    text    not null references sessions (id),
    used          integer not null default 0,
    expires_at_ms integer not null,
    created_at_ms integer not null
);
create index refresh_tokens_session on refresh_tokens (session_id);

create table security_log (
    id         integer primary key autoincrement,
    user_id    text,
    phone_e164 text,
    kind       text    not null,
    detail     text,
    ip         text,
    device_id  text,
    at_ms      integer not null
);
create index security_log_user on security_log (user_id, at_ms);

-- sandbox only: the messages the SMS sandbox "sent", read by developers and tests.
create table dev_sms_inbox (
    id         integer primary key autoincrement,
    phone_e164 text    not null,
    body       text    not null,
    code       text,
    purpose    text,
    sent_at_ms integer not null
);
create index dev_sms_inbox_phone on dev_sms_inbox (phone_e164, sent_at_ms);
