/** Every perpetuals query starts with this key: an order, a fill or a transfer refreshes them all. */
export const perpsKey = ['perps'] as const;

export const perpsKeys = {
  instrument: (symbol: string) => [...perpsKey, 'instrument', symbol] as const,
  fundingRate: (symbol: string) => [...perpsKey, 'fundingRate', symbol] as const,
  orderTypes: [...perpsKey, 'orderTypes'] as const,
  leverage: (symbol: string) => [...perpsKey, 'leverage', symbol] as const,
  positions: [...perpsKey, 'positions'] as const,
  orders: (kind: string, page: number) => [...perpsKey, 'orders', kind, page] as const,
  history: (kind: string, page: number) => [...perpsKey, 'history', kind, page] as const,
};
