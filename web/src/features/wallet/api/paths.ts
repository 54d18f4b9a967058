/** The wallet's API paths (under /api). */
export const walletApi = {
  balance: '/v1/wallet/balance',
  topupMethods: '/v1/wallet/topup-methods',
  inputVariables: '/v1/wallet/input-variables',
  gopayLimit: '/v1/wallet/gopay-limit',
  topup: '/v1/wallet/topup',
  topupStatus: '/v1/wallet/topup-status',
  history: '/v1/wallet/transaction-history',
  historyFilters: '/v1/wallet/transaction-history/filters',
  details: (id: string) => `/v1/wallet/transactions/${encodeURIComponent(id)}/details-with-state-transition`,
  sandboxPayment: (reference: string, action: 'pay' | 'abandon') =>
    `/sandbox/payments/${encodeURIComponent(reference)}/${action}`,
  cashoutInputVariables: '/v1/wallet/cashout/input-variables',
  autoApprovalStatus: '/v1/wallet/auto-approval-status',
  cashoutReview: '/v1/wallet/cashout/review',
  cashout: '/v1/wallet/cashout',
  cashoutById: (id: string) => `/v1/wallet/cashout/${encodeURIComponent(id)}`,
} as const;
