/** Every US-stock query starts with this key: a fill, a cancel or an amend refreshes them all. */
export const usStocksKey = ['usStocks'] as const;
/**
 * The USD wallet's balance, shared with the USD screen (features/wallet owns the same key; given as a
 * literal because features do not import each other).
 */
export const usdBalanceKey = ['usd', 'balance'] as const;
