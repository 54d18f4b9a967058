//! The user as the web app sees it (R3.08, R3.17) and the status it polls (`/api/v4/user/status`).

use domain::identity::{AccountStatus, KycStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::profile_fields::{IncomeRange, InvestmentGoal, Occupation, StoredEnum};
use super::repo::UserRow;
use super::sessions::SessionTokens;

/// The logged-in user's details.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetails {
    /// User id.
    pub id: String,
    /// Phone in E.164.
    pub phone: String,
    /// Display name, once given.
    pub name: Option<String>,
    /// E-mail, once given.
    pub email: Option<String>,
    /// Identity verification: UNVERIFIED, PENDING, VERIFIED, REJECTED.
    pub kyc_status: KycStatus,
    /// US-stock eligibility; balances of US stocks load only when VERIFIED (R6.03).
    pub gss_kyc_status: KycStatus,
    /// Tags such as `pro` (R6.02).
    pub tags: Vec<String>,
    /// Preferred language, `id` or `en`.
    pub language: String,
    /// Whether the current terms are accepted.
    pub terms_accepted: bool,
    /// When the account was created, Unix ms.
    pub created_at_ms: i64,
    /// The user's own referral code, to share as `/signup?ref=CODE` (always present from `/v3/user/me`).
    pub referral_code: Option<String>,
    /// Occupation, once given.
    pub occupation: Option<Occupation>,
    /// Yearly income range, once given.
    pub income_range: Option<IncomeRange>,
    /// Main investment goal, once given.
    pub investment_goal: Option<InvestmentGoal>,
}

impl UserDetails {
    /// Builds the details from the stored user.
    pub fn from_row(user: UserRow, tags: Vec<String>, terms_version: i64) -> Self {
        Self {
            terms_accepted: user.terms_version >= terms_version,
            id: user.id,
            phone: user.phone_e164,
            name: user.name,
            email: user.email,
            kyc_status: user.kyc_status,
            gss_kyc_status: user.gss_kyc_status,
            tags,
            language: user.language,
            created_at_ms: user.created_at_ms,
            referral_code: user.referral_code,
            occupation: Occupation::from_stored(user.occupation.as_deref()),
            income_range: IncomeRange::from_stored(user.income_range.as_deref()),
            investment_goal: InvestmentGoal::from_stored(user.investment_goal.as_deref()),
        }
    }
}

/// A session was opened: its tokens and the user.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedIn {
    /// The session's tokens.
    #[serde(flatten)]
    pub tokens: SessionTokens,
    /// The user.
    pub user: UserDetails,
}

/// What the web app polls to decide which step a user must take next.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStatus {
    /// ACTIVE or LOCKED_FOR_REVIEW.
    pub account_status: AccountStatus,
    /// Identity verification status.
    pub kyc_status: KycStatus,
    /// US-stock eligibility status.
    pub gss_kyc_status: KycStatus,
    /// Whether the current terms are accepted (otherwise calls answer 400 `040`).
    pub terms_accepted: bool,
    /// The terms version to accept.
    pub terms_version: i64,
    /// Whether the PIN is locked until reset.
    pub pin_locked: bool,
}
