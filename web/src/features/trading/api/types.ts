/**
 * Shapes of the crypto trading calls. They mirror the server's OpenAPI schemas (OrderView,
 * SliderInput, OrderTypes, EstimatedOrder, CryptoBalance).
 */
export type Side = 'BUY' | 'SELL';
export type OrderKind = 'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT';
export type InputType = 'quantity' | 'amount';

export interface OrderTypeView {
  orderType: OrderKind | 'OCO';
  code: number | null;
  aliases: string[];
  amountInput: boolean;
}

export interface OrderTypes {
  symbol: string;
  orderTypes: OrderTypeView[];
  /** Disabled, BuyDisabled, SellDisabled or None (R4.11). */
  buySellAvailability: string;
  proMode: boolean;
}

/** R3.07. */
export interface SliderInput {
  amount: string;
  quantity: string;
  power: string;
  conversionValue: string | null;
  taxationFeePercentage: string;
  transactionFeePercentage: string;
  stepConfig: { quantity: string; amount: string };
  quantityPrecision: number;
  amountPrecision: number;
}

export interface EstimatedOrder {
  estimatedAmount: string;
  estimatedTotalAmount: string;
  quantity: string;
  cryptocurrencyUnits: string;
}

export interface CryptoBalance {
  symbol: string;
  asset: string;
  balance: string;
  quantityAvailableForSale: string;
  intradayQuantityAvailableForSale: string;
}

export interface OrderView {
  orderId: string;
  symbol: string;
  side: string;
  sideCode: number;
  orderType: string;
  orderTypeCode: number | null;
  ocoLeg: string | null;
  ocoSiblingId: string | null;
  fillMode: string;
  quantity: string | null;
  amount: string | null;
  limitPrice: string | null;
  stopPrice: string | null;
  filledQuantity: string;
  filledAmount: string;
  averagePrice: string | null;
  fee: string;
  tax: string;
  status: string;
  statusWord: string;
  state: number;
  isOpen: boolean;
  triggered: boolean;
  cancelReason: string | null;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface OrderPage {
  data: OrderView[];
  page: number;
  size: number;
  total: number;
}

export interface OrderRequest {
  symbol: string;
  orderType: OrderKind;
  inputType: InputType;
  quantity?: string;
  amount?: string;
  limitPrice?: string;
  stopPrice?: string;
}

export interface OcoRequest {
  symbol: string;
  quantity: string;
  takeProfit: string;
  stopLoss: string;
  stopLimitPrice?: string;
}

export interface AmendRequest {
  orderId: string;
  quantity?: string;
  limitPrice?: string;
  stopPrice?: string;
}
