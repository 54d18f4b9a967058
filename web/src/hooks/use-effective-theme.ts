import { useLocation } from 'react-router';
import { isPwaPath, pwaThemeFlag } from '@/lib/pwa';
import { useAppStore } from '@/lib/store';
import type { Theme } from '@/types';

/**
 * The theme this view shows: a PWA view's `?theme=` flag (R2.03), else the user's choice (R1.02);
 * light only while the operator allows it (R2.10).
 */
export function useEffectiveTheme(): Theme {
  const { pathname, search } = useLocation();
  const chosen = useAppStore((state) => state.misc.theme);
  const lightAllowed = useAppStore((state) => state.misc.lightThemeAllowed);
  const requested = (isPwaPath(pathname) ? pwaThemeFlag(search) : null) ?? chosen;
  return requested === 'light' && lightAllowed ? 'light' : 'dark';
}
