export const usdKeys = {
  price: ['usd', 'price'] as const,
  balance: ['usd', 'balance'] as const,
  yield: ['usd', 'yield'] as const,
};
