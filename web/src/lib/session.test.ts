import { describe, expect, it } from 'vitest';
import { queryClient } from './query-client';
import { getCookie } from './cookies';
import { logoutCleanup } from './session';
import { initialAuthState, initialChartState, initialTradingState, useAppStore } from './store';

describe('logoutCleanup', () => {
  it('R4.18 clears cookies, stored tokens, the PIN timestamp and the trading, misc, auth and chart state', () => {
    const store = useAppStore.getState();
    store.setAccessToken('a-long-enough-token');
    store.updateAuth({
      pinModal: true,
      otpModalType: 'login',
      userDetails: {
        id: 'u1',
        phone: '+6281234567890',
        name: null,
        email: null,
        kycStatus: 'VERIFIED',
        gssKycStatus: 'VERIFIED',
        tags: [],
        language: 'id',
        termsAccepted: true,
        createdAtMs: 1,
      },
      fetchUserStatus: true,
    });
    store.updateOrderEntry({ inputType: 'amount', amount: '100000', leverage: 4 });
    store.updateChart({ activeChartId: 'c', symbol: 'BTC-IDR' });
    store.setCoachmarkTour('start');
    store.setTheme('light');
    store.setLanguage('en');
    document.cookie = 'token=a-long-enough-token; Path=/';
    document.cookie = 'refreshToken=r-token-0123456789; Path=/';
    document.cookie = 'theme=light; Path=/';
    window.localStorage.setItem('accessToken', 'x');
    window.localStorage.setItem('refreshToken', 'y');
    window.localStorage.setItem('pinTimestamp', '1');
    window.localStorage.setItem('deviceId', 'keep-me');
    queryClient.setQueryData(['me'], { id: 'u1' });

    logoutCleanup();

    const state = useAppStore.getState();
    expect(state.auth).toEqual(initialAuthState);
    expect(state.trading).toEqual(initialTradingState);
    expect(state.chart).toEqual(initialChartState);
    expect(state.misc.coachmarkTour).toBe('ended');
    expect(getCookie('token')).toBeNull();
    expect(getCookie('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('pinTimestamp')).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    // Device preferences and identity are not part of the session.
    expect(state.misc.theme).toBe('light');
    expect(state.misc.language).toBe('en');
    expect(getCookie('theme')).toBe('light');
    expect(window.localStorage.getItem('deviceId')).toBe('keep-me');
  });
});
