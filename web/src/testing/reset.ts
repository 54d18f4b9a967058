import { queryClient } from '@/lib/query-client';
import { initialAuthState, initialChartState, initialMiscState, initialTradingState, useAppStore } from '@/lib/store';

export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/** Every test starts from a fresh store, storage, cookie jar and query cache. */
export function resetAppState(): void {
  useAppStore.setState({
    auth: initialAuthState,
    trading: initialTradingState,
    misc: initialMiscState,
    chart: initialChartState,
  });
  window.localStorage.clear();
  clearAllCookies();
  queryClient.clear();
}
