import { describe, expect, it } from 'vitest';
import { emptyDraft, type OrderDraft } from './order-form';
import { estimateInputFor, reviewFigures } from './order-review';

const draft = (patch: Partial<OrderDraft>): OrderDraft => ({ ...emptyDraft('BUY'), ...patch });
const PRICES = { bestBid: '999000000', bestAsk: '1000000000', lastPrice: '999500000' };

describe('estimateInputFor', () => {
  it('R2.13 R5.11 a market buy by amount asks for the amount only', () => {
    expect(
      estimateInputFor('BTC-IDR', draft({ inputType: 'amount', amount: '400000', quantity: '1' }), PRICES),
    ).toEqual({
      symbol: 'BTC-IDR',
      side: 'BUY',
      quantity: null,
      amount: '400000',
      limitPrice: null,
    });
  });

  it('R2.13 a sell, or a limit buy, is estimated by quantity (never by amount) at the price the user set', () => {
    expect(
      estimateInputFor('BTC-IDR', draft({ side: 'SELL', inputType: 'amount', amount: '5', quantity: '0.001' }), PRICES),
    ).toMatchObject({ side: 'SELL', quantity: '0.001', amount: null, limitPrice: null });
    expect(
      estimateInputFor('BTC-IDR', draft({ orderType: 'LIMIT', quantity: '0.002', limitPrice: '900000000' }), PRICES),
    ).toMatchObject({ quantity: '0.002', amount: null, limitPrice: '900000000' });
    expect(
      estimateInputFor(
        'BTC-IDR',
        draft({ orderType: 'STOP_LIMIT', quantity: '0.002', stopPrice: '1', limitPrice: '2' }),
        PRICES,
      ),
    ).toMatchObject({ limitPrice: '2' });
    // A stop (market) order is sized at its trigger, as the panel does.
    expect(
      estimateInputFor('BTC-IDR', draft({ orderType: 'STOP', quantity: '0.002', stopPrice: '950000000' }), PRICES),
    ).toMatchObject({ limitPrice: '950000000' });
  });

  it('R4.10 a trailing stop sell is estimated by quantity at its first trigger, its trail below the best bid', () => {
    const trailing = draft({ side: 'SELL', orderType: 'TRAILING_STOP', quantity: '0.002', trail: '5' });
    expect(estimateInputFor('BTC-IDR', trailing, PRICES)).toEqual({
      symbol: 'BTC-IDR',
      side: 'SELL',
      quantity: '0.002',
      amount: null,
      limitPrice: '949050000',
    });
    expect(estimateInputFor('BTC-IDR', { ...trailing, trailBy: 'amount', trail: '1000000' }, PRICES)).toMatchObject({
      limitPrice: '998000000',
    });
  });
});

describe('reviewFigures', () => {
  it('R2.13 R5.06 a buy by amount gets the estimated coins at the book price; fee and tax add up to the total', () => {
    const figures = reviewFigures(
      {
        quantity: '0.00039920',
        estimatedAmount: '399200.00',
        estimatedTotalAmount: '399998.40',
        estimatedFee: '798.40',
        estimatedTax: '0.00',
        cryptocurrencyUnits: '39920',
      },
      { quantityPrecision: 8, priceDecimals: 0 },
    );
    expect(figures).toEqual({
      quantity: '0.0003992',
      price: '1000000000',
      value: '399200',
      fee: '798.4',
      tax: '0',
      total: '399998.4',
    });
  });

  it('R5.06 a sell by quantity: fee and tax in rupiah, rounded up to the sen, the rest is received', () => {
    const figures = reviewFigures(
      {
        quantity: '0.001',
        estimatedAmount: '999000',
        estimatedTotalAmount: '994904.10',
        estimatedFee: '1998.00',
        estimatedTax: '2097.90',
        cryptocurrencyUnits: '100000',
      },
      { quantityPrecision: 8, priceDecimals: 0 },
    );
    expect(figures).toEqual({
      quantity: '0.001',
      price: '999000000',
      value: '999000',
      fee: '1998',
      tax: '2097.9',
      total: '994904.1',
    });
  });

  it('R5.06 fee and tax are the ones the server will charge, not worked out again here', () => {
    const figures = reviewFigures(
      {
        quantity: '1',
        estimatedAmount: '100.01',
        estimatedTotalAmount: '100.21',
        estimatedFee: '0.20',
        estimatedTax: '0.00',
        cryptocurrencyUnits: '1',
      },
      { quantityPrecision: 0, priceDecimals: 2 },
    );
    expect(figures).toMatchObject({ fee: '0.2', tax: '0', total: '100.21' });
  });

  it('R2.13 the quantity is cut to the asset precision; a given price is shown as it is, else the average', () => {
    const estimate = {
      quantity: '0.123456789',
      estimatedAmount: '123456789',
      estimatedTotalAmount: '123703703',
      estimatedFee: '246914',
      estimatedTax: '0',
      cryptocurrencyUnits: '12345678',
    };
    expect(reviewFigures(estimate, { quantityPrecision: 8, priceDecimals: 0 })?.quantity).toBe('0.12345678');
    expect(reviewFigures(estimate, { quantityPrecision: 8, priceDecimals: 0, pricedAt: '1000000000' })?.price).toBe(
      '1000000000',
    );
    expect(reviewFigures(estimate, { quantityPrecision: 8, priceDecimals: 1 })?.price).toBe('1000000000');
  });

  it('R2.13 an estimate without coins or value cannot be priced', () => {
    const empty = {
      quantity: '0',
      estimatedAmount: '0',
      estimatedTotalAmount: '0',
      estimatedFee: '0',
      estimatedTax: '0',
      cryptocurrencyUnits: '0',
    };
    expect(reviewFigures(empty, { quantityPrecision: 8, priceDecimals: 0 })).toBeNull();
    expect(
      reviewFigures(
        { ...empty, quantity: '0.000000001', estimatedAmount: '1', estimatedTotalAmount: '2' },
        {
          quantityPrecision: 8,
          priceDecimals: 0,
        },
      ),
    ).toBeNull();
  });
});
