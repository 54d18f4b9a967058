import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type MarginWallet = Schemas['MarginWallet'];
export type WithdrawalEstimate = Schemas['WithdrawalEstimate'];
/** Which way margin moves: spot USDT → margin wallet, or back. */
export type MarginDirection = 'DEPOSIT' | 'WITHDRAWAL';

/** Long (BUY) or short (SELL): the shared side tabs' values. */
export type PerpSide = 'BUY' | 'SELL';
/** The perpetuals' order types (GET /v1/perps/order-types). */
export type PerpOrderType = 'MARKET' | 'LIMIT' | 'STOP_MARKET' | 'STOP_LIMIT';

export type PerpInstrument = Schemas['InstrumentView'];
export type PerpTier = Schemas['TierView'];
export type FundingRate = Schemas['FundingRateView'];
export type PerpEstimate = Schemas['EstimateView'];
export type PerpOrderBody = Schemas['PerpOrderBody'];
export type PerpLeverage = Schemas['LeverageView'];
export type PerpPositions = Schemas['PositionsView'];
export type PerpPosition = Schemas['PositionView'];
export type CloseEstimate = Schemas['CloseEstimateView'];
export type ProtectionBody = Schemas['ProtectionBody'];
export type PerpFill = Schemas['FillView'];
export type FundingPayment = Schemas['FundingPaymentView'];
export type PerpLiquidation = Schemas['LiquidationView'];

/**
 * One perpetual order as the server sends it (crates/server/src/features/perps/view.rs `OrderView`).
 * Written out here because the OpenAPI document names it `OrderView` like the crypto order, and the
 * crypto one took that name: the generated type describes the wrong order.
 */
export interface PerpOrder {
  id: string;
  symbol: string;
  side: PerpSide;
  orderType: string;
  quantity: string;
  price?: string | null;
  stopPrice?: string | null;
  reduceOnly: boolean;
  leverage: number;
  /** `USER`, `CLOSE`, `TAKE_PROFIT`, `STOP_LOSS` or `LIQUIDATION`. */
  origin: string;
  status: string;
  state: number;
  triggered: boolean;
  filledQuantity: string;
  averagePrice?: string | null;
  fee: string;
  realisedPnl: string;
  reason?: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A page of perpetual orders (30 a page). */
export interface PerpOrderPage {
  data: PerpOrder[];
  page: number;
  size: number;
  total: number;
}

/** One order type offered; written out for the same name clash as `PerpOrder` (`OrderTypeView`). */
export interface PerpOrderTypeOption {
  orderType: PerpOrderType;
  needsPrice: boolean;
  needsStopPrice: boolean;
}

/** A page of the futures history (fills, funding payments, liquidations). */
export interface HistoryPage<T> {
  data: T[];
  page: number;
  size: number;
}
