/** Every portfolio query starts with this key; the user's live order and balance frames refresh it. */
export const portfolioKey = ['portfolio'] as const;

/** Without the live channels (or as a safety net), holdings are re-read this often. */
export const PORTFOLIO_REFRESH_MS = 30_000;
