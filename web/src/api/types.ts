import type { components } from './schema';

/**
 * The types of the calls the shell makes. Most come from `schema.d.ts`, generated from the server's
 * OpenAPI document by `npm run gen:api` (never edit it by hand).
 */
type Schemas = components['schemas'];

/** Every error answer of the API. */
export type ErrorBody = Schemas['ErrorBody'];

/** Every success answer of the API. */
export interface DataEnvelope<T> {
  data: T;
}

export type MarketingLinks = Schemas['MarketingLinks'];

/** GET /api/v1/app/config */
export type AppConfig = Schemas['AppConfig'];

/** POST /api/v1/client-logs (1..=20 entries) */
export type ClientLogBatch = Schemas['ClientLogBatch'];
export type ClientLogEntry = Schemas['ClientLogEntry'];

/** Answer of both batch calls. */
export type Accepted = Schemas['Accepted'];

export type AnalyticsPropertyValue = string | number | boolean | null;

/**
 * One analytics event. Hand-written because the schema types `properties` as a free-form object
 * (`Record<string, never>`); the web app sends flat scalar properties.
 */
export interface AnalyticsEvent extends Omit<Schemas['AnalyticsEvent'], 'properties' | 'path'> {
  /** `^[a-z][a-z0-9_]{0,63}$` */
  name: string;
  properties: Record<string, AnalyticsPropertyValue>;
  path: string;
  occurredAt: string;
}

/** POST /api/v1/analytics/events (1..=50 events) */
export interface AnalyticsBatch {
  events: AnalyticsEvent[];
}

/** Identity (issue 4). */
export type OtpSent = Schemas['OtpSent'];
export type OtpVerified = Schemas['OtpVerified'];
export type SessionTokens = Schemas['SessionTokens'];
export type LoggedIn = Schemas['LoggedIn'];
export type UserDetails = Schemas['UserDetails'];
export type Occupation = Schemas['Occupation'];
export type IncomeRange = Schemas['IncomeRange'];
export type InvestmentGoal = Schemas['InvestmentGoal'];
export type EmailOtpSent = Schemas['EmailOtpSent'];
export type EmailVerified = Schemas['EmailVerified'];
export type PhoneChanged = Schemas['PhoneChanged'];
export type UpdateUserDataRequest = Schemas['UpdateUserDataRequest'];
export type AppDataChangeStatus = Schemas['AppDataChangeStatus'];
export type ReferralValid = Schemas['ReferralValid'];
export type UserStatus = Schemas['UserStatus'];
export type PhoneValidation = Schemas['PhoneValidation'];
export type Device = Schemas['Device'];
export type DevicePage = Schemas['DevicePage'];
export type InboxMessage = Schemas['InboxMessage'];
export type UserTags = Schemas['UserTags'];
/** verify-pin with a bearer and only `{pin}` (the schema documents the log-in answer only). */
export interface PinConfirmed {
  verifiedAtMs: number;
}
/** A paged list answer: the items under `data` beside the paging fields (DESIGN.md "API"). */
export interface Page<T> {
  data: T[];
  page: number;
  size: number;
  total: number;
}

/** GET/POST /api/v1/user/kyc */
export type KycView = Schemas['KycView'];
export type KycSubmitRequest = Schemas['KycSubmitRequest'];

/** GET and PUT /api/v1/user/notification-settings (R2.16). */
export type NotificationSettings = Schemas['NotificationSettings'];
export type NotificationCategorySettings = Schemas['CategorySettings'];
export type NotificationChannelSetting = Schemas['ChannelSetting'];
export type NotificationSettingsUpdate = Schemas['NotificationSettingsUpdate'];
/** POST /api/v1/user/telegram/deep-link */
export type TelegramDeepLink = Schemas['DeepLink'];
/** POST /api/v1/user/beta-feedback */
export interface FeedbackRequest extends Omit<Schemas['FeedbackRequest'], 'context'> {
  context?: Record<string, string | number | boolean>;
}
export type FeedbackReceipt = Schemas['FeedbackReceipt'];
/** POST /api/v1/user/save-metadata: null removes a key. */
export interface SaveMetadataRequest {
  metadata: Record<string, string | null>;
}
export interface UserMetadata {
  metadata: Record<string, string>;
}
/** POST /api/v1/user/clevertap/profile */
export interface ClevertapProfileRequest {
  profile: Record<string, string | number | boolean>;
}
export type ProfileSaved = Schemas['ProfileSaved'];
/** GET /api/v1/user/salesforce/web-info (R3.16) */
export type SalesforceWebInfo = Schemas['SalesforceWebInfo'];
