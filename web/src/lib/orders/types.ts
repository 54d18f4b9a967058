/** Buy or sell, as the order panels of every asset class name them (R4.06). */
export type OrderSide = 'BUY' | 'SELL';

/** How an order is sized: a quantity of the asset, or an amount of money (market buys, R4.17). */
export type InputType = 'quantity' | 'amount';

/** The open orders (with amend and cancel) or the closed ones (the history). */
export type OrderListKind = 'open' | 'closed';
