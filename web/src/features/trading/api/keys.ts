/** Every trading query starts with this key: a fill or a cancel refreshes them all. */
export const tradingKey = ['trading'] as const;
