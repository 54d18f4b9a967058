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
  /** The futures trade page on R2.02's default contract. */
  tradeFutures: '/trade/BTCUSDT-PERP',
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

export const API_BASE = '/api';
