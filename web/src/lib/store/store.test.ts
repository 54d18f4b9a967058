import { describe, expect, it } from 'vitest';
import { useAppStore } from './index';

describe('store defaults', () => {
  it('R3.01 every order entry field is null by default', () => {
    expect(useAppStore.getState().trading).toEqual({
      inputType: null,
      quantity: null,
      amount: null,
      takeProfit: null,
      stopLoss: null,
      limitPrice: null,
      leverage: null,
      stopPrice: null,
      timeInForce: null,
      tradingHours: null,
    });
  });

  it('R3.17 auth state holds token, PIN modal, OTP modal type, user details, logout and accept-terms modals, fetch-user-status', () => {
    expect(useAppStore.getState().auth).toEqual({
      accessToken: null,
      pinModal: false,
      otpModalType: null,
      userDetails: null,
      logoutModal: false,
      acceptTermsModal: false,
      fetchUserStatus: false,
    });
  });

  it('R4.12 R1.02 R1.01 misc defaults: coachmark tour ended, dark theme, Indonesian, not under maintenance', () => {
    expect(useAppStore.getState().misc).toMatchObject({
      coachmarkTour: 'ended',
      theme: 'dark',
      language: 'id',
      underMaintenance: false,
    });
  });

  it('R5.09 an access token is stored only if its decoded length exceeds 12 characters', () => {
    const { setAccessToken } = useAppStore.getState();
    expect(setAccessToken('short-token')).toBe(false);
    expect(setAccessToken('123456789012')).toBe(false);
    expect(useAppStore.getState().auth.accessToken).toBeNull();
    expect(setAccessToken('1234567890123')).toBe(true);
    expect(useAppStore.getState().auth.accessToken).toBe('1234567890123');
    expect(setAccessToken(null)).toBe(true);
    expect(useAppStore.getState().auth.accessToken).toBeNull();
  });
});
