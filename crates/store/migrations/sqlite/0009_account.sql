-- account: identity verification (KYC) submissions. One row per user; a new submission after a
-- rejection replaces it. The sandbox verifier's decision is stored at submission and takes
-- effect at decide_at_ms, so the outcome is deterministic and survives restarts.

create table kyc_submissions (
    user_id          text    primary key references users (id),
    -- 16 digits, checked for a plausible province, birth date and serial
    nik              text    not null,
    full_name        text    not null,
    -- ISO date YYYY-MM-DD
    birth_date       text    not null,
    birth_place      text    not null,
    address          text    not null,
    -- optional in the sandbox: base64 images, bounded in size
    ktp_photo        text,
    selfie           text,
    -- PENDING, VERIFIED, REJECTED
    status           text    not null,
    -- the verifier's pending decision, applied once decide_at_ms has passed
    decision         text    not null,
    decision_reason  text,
    decide_at_ms     integer not null,
    -- why REJECTED (a stable code), and who decided: sandbox or operator
    reason           text,
    decided_by       text,
    submitted_at_ms  integer not null,
    decided_at_ms    integer
);
create index kyc_submissions_status on kyc_submissions (status, decide_at_ms);
