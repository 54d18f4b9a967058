import { describe, expect, it } from 'vitest';
import {
  SLIDER_MARKS,
  amountToQuantity,
  buyCost,
  exceedsPrecision,
  floorToStep,
  fromSlider,
  ocoSell,
  quantityToAmount,
  sliderDisabled,
  toSlider,
  truncate,
} from './order-math';

const FEES = { transactionFeePercentage: '0.2', taxationFeePercentage: '0.21' };

describe('order math', () => {
  it('R5.01 truncates to the precision, never rounds', () => {
    expect(truncate('1.999', 2)).toBe('1.99');
    expect(truncate('0.123456789', 8)).toBe('0.12345678');
    expect(truncate('15000.9', 0)).toBe('15000');
    expect(exceedsPrecision('0.123', 2)).toBe(true);
    expect(exceedsPrecision('0.12', 2)).toBe(false);
  });

  it('R5.02 floors a derived quantity to the step', () => {
    expect(floorToStep('1.2345', '0.01', 8)).toBe('1.23');
    expect(floorToStep('7', '5', 0)).toBe('5');
    expect(floorToStep('0.004', '0.01', 8)).toBe('0');
    expect(floorToStep('1.23456789', null, 4)).toBe('1.2345');
  });

  it('R5.04 the slider takes a share of the power, 0–100 in whole steps, disabled without power', () => {
    expect(SLIDER_MARKS).toEqual([0, 25, 50, 75, 100]);
    expect(sliderDisabled('0')).toBe(true);
    expect(sliderDisabled(null)).toBe(true);
    expect(sliderDisabled('100000')).toBe(false);
    expect(fromSlider(25, '1000001', 0)).toBe('250000');
    expect(fromSlider(100, '0.123456789', 8, '0.0001')).toBe('0.1234');
    expect(fromSlider(150, '10', 0)).toBe('10');
    expect(fromSlider(33.4, '300', 0)).toBe('99');
    expect(toSlider('250000', '1000000')).toBe(25);
    expect(toSlider('2000000', '1000000')).toBe(100);
    expect(toSlider('5', '0')).toBe(0);
  });

  it('R5.06 the buy cost rounds the amount up and adds the fee and tax percentages, rounded up', () => {
    // 100000 × 1.0041 = 100410
    expect(buyCost('100000', FEES, 0)).toBe('100410');
    // 100000.5 rounds up to 100001 first; × 1.0041 = 100411.0041 → 100412
    expect(buyCost('100000.5', FEES, 0)).toBe('100412');
    expect(buyCost('0', FEES, 0)).toBe('0');
  });

  it('R5.06 amount to quantity divides by one plus the summed fee percentages, rounded up', () => {
    // 100410 / 1.0041 = 100000 → at 1,000,000,000 per BTC → 0.0001 BTC
    expect(amountToQuantity('100410', '1000000000', FEES, 0, 8)).toBe('0.0001');
    // 100000 / 1.0041 = 99591.67… → 99592 → / 15000 = 6.6394… floored to step 0.01
    expect(amountToQuantity('100000', '15000', FEES, 0, 8, '0.01')).toBe('6.63');
    expect(amountToQuantity('100000', '0', FEES, 0, 8)).toBe('0');
    expect(quantityToAmount('0.5', '15001', 0)).toBe('7500');
  });

  it('R5.12 an unleveraged OCO sell takes whole units and an amount rounded down to 2 decimals', () => {
    expect(ocoSell('3.7', '10.333', false)).toEqual({ quantity: '3', amount: '30.99' });
    expect(ocoSell('3.7', '10.333', true)).toEqual({ quantity: '3.7', amount: '38.23' });
  });
});
