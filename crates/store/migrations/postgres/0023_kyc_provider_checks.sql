-- Reconciliation of a missed identity-verification callback (issue 20): when the provider was last
-- asked how a verification it took stands. A submission still awaiting its provider is asked
-- `reconcile_after_secs` after it was sent and again each `reconcile_after_secs` after the last
-- question, so a provider that stays silent or fails is asked again later, never in a tight loop.
alter table kyc_submissions add column provider_checked_at_ms bigint;
