import { DEFAULT_LOCALE } from '@/lib/locale';
import type { Locale, Theme } from '@/types';
import type { SliceSet } from './slice';

/** R4.12: the coachmark tour; `ended` by default so nothing pops up unasked. */
export type CoachmarkTour = 'start' | 'skip' | 'ended';

export interface MiscState {
  /** R4.19 / R8.02: set by any 503; the maintenance screen replaces the routes. */
  underMaintenance: boolean;
  /** The server's maintenance message, already localised, if it sent one. */
  maintenanceMessage: string | null;
  /** The server's Retry-After (seconds), if it sent one. */
  maintenanceRetryAfterSecs: number | null;
  /** The user's theme choice (R1.02); PWA views may override it per view (R2.03). */
  theme: Theme;
  /** Follows the URL (R1.01). */
  language: Locale;
  /** From app config: whether the light theme may be used (R2.10). */
  lightThemeAllowed: boolean;
  coachmarkTour: CoachmarkTour;
}

export const initialMiscState: MiscState = {
  underMaintenance: false,
  maintenanceMessage: null,
  maintenanceRetryAfterSecs: null,
  theme: 'dark',
  language: DEFAULT_LOCALE,
  lightThemeAllowed: true,
  coachmarkTour: 'ended',
};

export interface MiscSlice {
  misc: MiscState;
  setUnderMaintenance: (info: { message: string | null; retryAfterSecs: number | null }) => void;
  clearMaintenance: () => void;
  setTheme: (theme: Theme) => void;
  setLanguage: (language: Locale) => void;
  setLightThemeAllowed: (allowed: boolean) => void;
  setCoachmarkTour: (tour: CoachmarkTour) => void;
  /** R4.18: back to defaults, keeping the device's preferences and the server's maintenance state. */
  resetMisc: () => void;
}

export const createMiscSlice = (set: SliceSet<MiscSlice>): MiscSlice => ({
  misc: initialMiscState,
  setUnderMaintenance: ({ message, retryAfterSecs }) =>
    set((state) => ({
      misc: {
        ...state.misc,
        underMaintenance: true,
        maintenanceMessage: message,
        maintenanceRetryAfterSecs: retryAfterSecs,
      },
    })),
  clearMaintenance: () =>
    set((state) => ({
      misc: { ...state.misc, underMaintenance: false, maintenanceMessage: null, maintenanceRetryAfterSecs: null },
    })),
  setTheme: (theme) => set((state) => ({ misc: { ...state.misc, theme } })),
  setLanguage: (language) => set((state) => ({ misc: { ...state.misc, language } })),
  setLightThemeAllowed: (allowed) => set((state) => ({ misc: { ...state.misc, lightThemeAllowed: allowed } })),
  setCoachmarkTour: (coachmarkTour) => set((state) => ({ misc: { ...state.misc, coachmarkTour } })),
  resetMisc: () =>
    set((state) => ({
      misc: {
        ...initialMiscState,
        theme: state.misc.theme,
        language: state.misc.language,
        lightThemeAllowed: state.misc.lightThemeAllowed,
        underMaintenance: state.misc.underMaintenance,
        maintenanceMessage: state.misc.maintenanceMessage,
        maintenanceRetryAfterSecs: state.misc.maintenanceRetryAfterSecs,
      },
    })),
});
