-- account: identity documents (KTP photo, selfie). The image bytes live in the document store
-- outside the database (auth.documents_dir); a row records the owner, kind, type, size and the
-- SHA-256 the bytes must still match when read. kyc_submissions.ktp_photo and .selfie now hold
-- document ids. Photos of earlier sandbox submissions were base64 in those columns and are not
-- carried over (they were never readable through the API).

create table kyc_documents (
    id             text    primary key,
    user_id        text    not null references users (id),
    -- KTP_PHOTO or SELFIE
    kind           text    not null,
    -- image/jpeg or image/png, from the bytes
    content_type   text    not null,
    size_bytes     integer not null,
    sha256         text    not null,
    created_at_ms  integer not null
);
create index kyc_documents_user on kyc_documents (user_id);

update kyc_submissions set ktp_photo = null, selfie = null;
