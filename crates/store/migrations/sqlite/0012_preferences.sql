-- preferences: notification settings, the Telegram link, beta feedback, client metadata, the
-- support (Salesforce) identifier and the CleverTap profile kept in our own analytics store.

-- only the cells a user changed; every other cell takes the default from the code's catalogue.
create table notification_settings (
    user_id       text    not null references users (id),
    -- ORDER_FILLS, PRICE_ALERTS, WALLET, NEWS, PROMOTIONS, SECURITY
    category      text    not null,
    -- PUSH, EMAIL, TELEGRAM, SMS
    channel       text    not null,
    enabled       integer not null,
    updated_at_ms integer not null,
    primary key (user_id, category, channel)
);

-- single-use tokens of Telegram deep links (t.me/<bot>?start=<token>); only the digest is kept.
create table telegram_link_tokens (
    token_hash    text    primary key,
    user_id       text    not null references users (id),
    created_at_ms integer not null,
    expires_at_ms integer not null,
    used_at_ms    integer
);
create index telegram_link_tokens_user on telegram_link_tokens (user_id, created_at_ms);

-- one Telegram private chat per user, and a chat belongs to at most one user.
create table telegram_links (
    user_id      text    primary key references users (id),
    chat_id      text    not null unique,
    username     text,
    linked_at_ms integer not null
);

create table beta_feedback (
    id            integer primary key autoincrement,
    user_id       text    not null references users (id),
    -- 1 to 5
    rating        integer not null,
    message       text    not null,
    page          text,
    -- a JSON object of at most 2 KiB
    context       text    not null,
    platform      text,
    user_agent    text,
    created_at_ms integer not null
);
create index beta_feedback_created on beta_feedback (created_at_ms);
create index beta_feedback_user on beta_feedback (user_id, created_at_ms);

-- small client metadata (app version, time zone, theme, onboarding flags), bounded per user.
create table user_metadata (
    user_id       text    not null references users (id),
    key           text    not null,
    value         text    not null,
    updated_at_ms integer not null,
    primary key (user_id, key)
);

-- the opaque identifier the support site (Salesforce) knows a user by; never the user id.
create table salesforce_identities (
    user_id       text    primary key references users (id),
    identifier    text    not null unique,
    created_at_ms integer not null
);

-- the CleverTap profile properties the web app reports, merged per user (analytics store).
create table analytics_profiles (
    user_id       text    primary key references users (id),
    properties    text    not null,
    device_id     text,
    platform      text,
    updated_at_ms integer not null
);
