import type { PerpEstimate, PerpInstrument, PerpPosition, PerpPositions } from '../api/types';

/** BTCUSDT-PERP as the server describes it (tick 0.1, step 0.001, minimum ₮5, 20x for the wallet). */
export function instrument(patch: Partial<PerpInstrument> = {}): PerpInstrument {
  return {
    symbol: 'BTCUSDT-PERP',
    pair: 'BTCUSDT',
    name: 'Bitcoin Perpetual',
    pricePrecision: 1,
    quantityPrecision: 3,
    tickSize: '0.1',
    stepSize: '0.001',
    minNotional: '5.00',
    maxLeverage: 20,
    contractMaxLeverage: 100,
    makerFeePercentage: '0.0200',
    takerFeePercentage: '0.0500',
    tiers: [{ notionalUpTo: '100000.00', maintenanceMarginPercentage: '0.5000', maxLeverage: 100 }],
    indexPrice: '90000.0',
    markPrice: '90000.0',
    lastPrice: '90000.0',
    fundingRatePercentage: '0.0100',
    nextFundingTime: Date.UTC(2026, 10, 24, 16, 0),
    ...patch,
  };
}

export function position(patch: Partial<PerpPosition> = {}): PerpPosition {
  return {
    symbol: 'BTCUSDT-PERP',
    side: 'LONG',
    size: '0.002',
    entryPrice: '90000.0',
    markPrice: '91000.0',
    notional: '182.00',
    liquidationPrice: '81450.5',
    leverage: 10,
    margin: '18.00',
    maintenanceMargin: '0.91',
    unrealisedPnl: '2.00',
    roePercentage: '11.1111',
    realisedPnl: '0.00',
    funding: '0.00',
    takeProfit: null,
    stopLoss: null,
    marginStatus: 'OK',
    openedAt: Date.UTC(2026, 10, 24, 8, 0),
    ...patch,
  };
}

export function positions(list: PerpPosition[] = [position()], patch: Partial<PerpPositions> = {}): PerpPositions {
  return {
    marginBalance: '30.00',
    equity: '32.00',
    unrealisedPnl: '2.00',
    availableMargin: '12.00',
    maintenanceMargin: '0.91',
    marginRatioPercentage: '2.8437',
    positions: list,
    ...patch,
  };
}

export function estimate(patch: Partial<PerpEstimate> = {}): PerpEstimate {
  return {
    symbol: 'BTCUSDT-PERP',
    side: 'BUY',
    price: '90000.1',
    quantity: '0.002',
    notional: '180.00',
    initialMargin: '18.00',
    fee: '0.09',
    cost: '18.09',
    availableMargin: '30.00',
    sufficient: true,
    leverage: 10,
    liquidationPrice: '81450.5',
    reduceQuantity: '0',
    ...patch,
  };
}
