-- Identity verification by an outside provider (issue 20): which provider decides a submission and
-- its reference there. While the provider has not answered, the submission waits with decision
-- PENDING and decide_at_ms at the far future; its signed callback sets both, and the decision is
-- then applied by the same settle step as the sandbox's.
alter table kyc_submissions add column provider text;
alter table kyc_submissions add column provider_ref text;
create unique index kyc_submissions_provider_ref on kyc_submissions (provider_ref);
