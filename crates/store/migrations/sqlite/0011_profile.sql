-- profile: phone and e-mail changes by one-time code, optional profile data, referral codes.

-- One-time codes now go by SMS or e-mail: `destination` is the E.164 phone or the lower-cased
-- address. Codes for a phone or e-mail change are bound to the account that asked (`user_id`).
alter table otp_challenges rename column phone_e164 to destination;
alter table otp_challenges add column channel text not null default 'SMS';
alter table otp_challenges add column user_id text;
alter table otp_challenges add column verification_used_at_ms integer;
create index otp_challenges_user on otp_challenges (user_id, purpose, created_at_ms);

-- The development inbox holds e-mails too.
alter table dev_sms_inbox rename to dev_inbox;
alter table dev_inbox rename column phone_e164 to destination;
alter table dev_inbox add column channel text not null default 'SMS';

-- `referral_code` was the code typed at sign-up; it becomes the user's own code (unique, given at
-- sign-up, or on first read for accounts older than this migration) and the typed one moves aside.
alter table users rename column referral_code to signup_referral_code;
alter table users add column referral_code text;
alter table users add column referred_by text references users (id);
create unique index users_referral_code on users (referral_code);
create index users_referred_by on users (referred_by);

-- E-mails are stored lower-cased; one account per address.
create unique index users_email on users (email);

-- Optional profile data a brokerage keeps (enums, checked by the server).
alter table users add column occupation text;
alter table users add column income_range text;
alter table users add column investment_goal text;

-- verify-referral checks per client address, so codes cannot be enumerated quickly.
create table referral_checks (
    id        integer primary key autoincrement,
    client_ip text    not null,
    at_ms     integer not null
);
create index referral_checks_ip on referral_checks (client_ip, at_ms);
