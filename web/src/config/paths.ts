/**
 * The typed table of internal paths (locale-neutral; see lib/locale.ts for the `/en` prefix and
 * lib/pwa.ts for the `/pwa` prefix). Routes owned by later issues add their entries here.
 */
export const paths = {
  home: '/',
  appShell: '/_app',
  /** Built by the identity issue; a forced logout navigates here already (R2.05). */
  login: '/login',
  signup: '/signup',
  account: '/account',
  accountProfile: '/account/profile',
  accountVerification: '/account/verification',
  /** The SPEC's name for the verification page; `/account/verification` keeps working. */
  accountIdentityVerification: '/account/identity-verification',
  accountManageSession: '/account/manage-session',
  accountLanguage: '/account/language',
  /** Notification settings per category and channel, Telegram link (R2.16). */
  accountNotification: '/account/notification',
  accountPrivacy: '/account/privacy',
  accountPrivacyManageSession: '/account/privacy/manage-session',
  accountChangePin: '/account/privacy/change-pin',
  markets: '/markets',
  /** R1.12 guest explore; `/trade?ticker=` and `/trade/:pair` (R2.02). */
  tradeExplore: '/trade/USDT-IDR',
  accountBankAccount: '/account/bankAccount',
  /** The IDR wallet (issue 5). */
  balance: '/balance',
  balanceTopup: '/balance/topup',
  balanceCashout: '/balance/cashout',
  /** The USD wallet: rate, buckets, converter, USD yield. */
  balanceUsd: '/balance/usd',
  /** The perpetuals margin wallet (R3.11): figures, deposit from and withdraw to spot USDT. */
  balanceFutures: '/balance/futures',
  transactionHistory: '/transaction-history',
  /** The portfolio, spot tab (R2.15). */
  portfolio: '/portfolio',
  /** Sandbox mode: the payer's page of the sandbox payment gateway (its e-wallet deep links lead here). */
  sandboxPay: '/sandbox/pay',
} as const;

export const LOGIN_PATH = paths.login;

/** API paths used by the shell. */
export const apiPaths = {
  appConfig: '/v1/app/config',
  analyticsEvents: '/v1/analytics/events',
  clientLogs: '/v1/client-logs',
  /** R8.04: a 401/403 answer to the logout call itself never forces another logout. */
  logout: '/v3/user/logout',
  /** Silent refresh: its own 401 never forces a logout (the call that needed it decides). */
  tokenRefresh: '/v1/user/token/refresh',
  signupPhone: '/v1/user/signup/phone',
  signupVerifyOtp: '/v1/user/signup/verify-otp',
  registerPin: '/v1/user/pin/register-pin',
  loginPhone: '/v1/user/login/phone',
  loginVerifyOtp: '/v1/user/login/verify-otp',
  validatePhone: '/v4/user/login/validate/phone',
  verifyPin: '/v1/user/pin/verify-pin',
  forgotPinSendOtp: '/v1/user/pin/forgot-pin/send-otp',
  forgotPinVerifyOtp: '/v1/user/pin/forgot-pin/verify-otp',
  resetPin: '/v1/user/pin/reset',
  updatePin: '/v1/user/pin/update',
  me: '/v3/user/me',
  kyc: '/v1/user/kyc',
  gssAcceptTerms: '/v1/user/gss/accept-terms',
  userStatus: '/v4/user/status',
  userTags: '/v1/user/tags',
  acceptTerms: '/v1/user/bappebti-tnc',
  devices: '/v1/user/devices',
  logoutDevice: '/v1/user/devices/logout-device',
  unblockDevice: '/v1/user/devices/unblock-device',
  otpInbox: '/dev/otp-inbox',
  verifyReferral: '/v1/user/signup/verify-referral',
  phoneChangeGetOtp: '/v1/user/phone-change/get-otp',
  phoneChangeVerifyOtp: '/v1/user/phone-change/verify-otp',
  emailChangeGetOtp: '/v1/user/email-change/get-otp',
  emailChangeVerifyOtp: '/v1/user/email-change/verify-otp',
  updateUserData: '/v1/user/update-user-data',
  appDataChangeStatus: '/v1/user/app-data-change-status',
  notificationSettings: '/v1/user/notification-settings',
  telegramDeepLink: '/v1/user/telegram/deep-link',
  telegramLink: '/v1/user/telegram/link',
  betaFeedback: '/v1/user/beta-feedback',
  saveMetadata: '/v1/user/save-metadata',
  clevertapProfile: '/v1/user/clevertap/profile',
  /** R3.16: the support identifier and where a support log-in sends the browser. */
  salesforceWebInfo: '/v1/user/salesforce/web-info',
} as const;

export const API_BASE = '/api';
