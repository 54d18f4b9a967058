import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('gives a new value only once it has not changed for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: { quantity: '' } },
    });
    expect(result.current).toEqual({ quantity: '' });

    rerender({ value: { quantity: '1' } });
    act(() => vi.advanceTimersByTime(200));
    // Another keystroke within the delay starts the wait again.
    rerender({ value: { quantity: '12' } });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toEqual({ quantity: '' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ quantity: '12' });
  });

  it('keeps the same object while an equal value is rendered again', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: { quantity: '1' } },
    });
    const first = result.current;
    rerender({ value: { quantity: '1' } });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(first);
  });
});
