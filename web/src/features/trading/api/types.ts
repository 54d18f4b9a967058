import type { components } from '@/api/schema';
import type { InputType, OrderSide } from '@/lib/orders/types';

/** Shapes of the crypto trading calls, from the server's OpenAPI document. */
type Schemas = components['schemas'];

export type Side = OrderSide;
/** TRAILING_STOP is a sell whose trigger follows the best bid (R4.10). */
export type OrderKind = 'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'TRAILING_STOP';
export type { InputType };

export type OrderTypeView = Schemas['OrderTypeView'];
/** buySellAvailability: Disabled, BuyDisabled, SellDisabled or None (R4.11). */
export type OrderTypes = Schemas['OrderTypes'];
/** R3.07. */
export type SliderInput = Schemas['SliderInput'];
export type EstimatedOrder = Schemas['EstimatedOrder'];
export type CryptoBalance = Schemas['CryptoBalance'];
export type OrderView = Schemas['OrderView'];
export type OrderPage = Schemas['OrderPage'];
export type PriceQuote = Schemas['PriceQuote'];

/** What the panel sends: the schema's request with the panel's own enums. */
export type OrderRequest = Schemas['OrderRequest'] & { orderType: OrderKind; inputType: InputType };
export type OcoRequest = Schemas['AdvancedOrderRequest'];
export type AmendRequest = Schemas['AmendOrderRequest'];
