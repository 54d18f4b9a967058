/** The crypto trading calls (SPEC §7 "Trading: Crypto"), relative to the API base. */
export const tradingPaths = {
  orderTypes: '/v1/crypto/order-types',
  priceQuote: '/v1/crypto/price-quote',
  sliderInput: '/v1/crypto/slider-input',
  estimate: '/v1/crypto/estimate',
  balance: '/v1/crypto/balance',
  buy: '/v1/crypto/buy',
  sell: '/v1/crypto/sell',
  advancedBuy: '/v1/crypto/advanced-order/buy',
  advancedSell: '/v1/crypto/advanced-order/sell',
  cancel: '/v1/crypto/cancel',
  amend: '/v1/crypto/amend',
  openOrders: '/v1/trade-web/crypto/transactions/open',
  closedOrders: '/v1/trade-web/crypto/transactions/closed',
} as const;
