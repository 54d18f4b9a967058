import type { UserDetails as ApiUserDetails } from '@/api/types';
import { isUsableToken } from '@/lib/cookies';
import type { SliceSet } from './slice';

/** R3.08 / R3.17: the logged-in user's details from `GET /api/v3/user/me` (and the log-in answer). */
export type UserDetails = ApiUserDetails;

export type OtpModalType = 'login' | 'signup' | 'forgotPin' | 'changePhone' | 'changeEmail';

/** R3.17: auth state. */
export interface AuthState {
  accessToken: string | null;
  pinModal: boolean;
  otpModalType: OtpModalType | null;
  userDetails: UserDetails | null;
  logoutModal: boolean;
  acceptTermsModal: boolean;
  /** R8.03: set by a 400 with code 040/041; whoever fetches the user status clears it. */
  fetchUserStatus: boolean;
}

export const initialAuthState: AuthState = {
  accessToken: null,
  pinModal: false,
  otpModalType: null,
  userDetails: null,
  logoutModal: false,
  acceptTermsModal: false,
  fetchUserStatus: false,
};

export interface AuthSlice {
  auth: AuthState;
  /** R5.09: keeps the token only when its decoded length exceeds 12; returns whether it was kept. */
  setAccessToken: (token: string | null) => boolean;
  updateAuth: (patch: Partial<Omit<AuthState, 'accessToken'>>) => void;
  resetAuth: () => void;
}

export const createAuthSlice = (set: SliceSet<AuthSlice>): AuthSlice => ({
  auth: initialAuthState,
  setAccessToken: (token) => {
    if (token !== null && !isUsableToken(token)) return false;
    set((state) => ({ auth: { ...state.auth, accessToken: token } }));
    return true;
  },
  updateAuth: (patch) => set((state) => ({ auth: { ...state.auth, ...patch } })),
  resetAuth: () => set({ auth: initialAuthState }),
});
