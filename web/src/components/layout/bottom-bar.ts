import { createContext, useContext, useEffect } from 'react';

/**
 * Who owns the phone's bottom edge. The layout shows its tab bar there; a page with its own sticky
 * actions (the trade page's Buy and Sell) claims the edge and the tab bar steps aside while it is
 * mounted, so the two never cover each other. Both bars are `--bottom-bar-height` tall, and the
 * layout reserves that room under the page either way.
 */
export interface BottomBarState {
  claimed: boolean;
  setClaims: (change: (count: number) => number) => void;
}

export const BottomBarContext = createContext<BottomBarState>({ claimed: false, setClaims: () => undefined });

/** Whether a page holds the bottom edge now (the tab bar hides). */
export function useBottomBarClaimed(): boolean {
  return useContext(BottomBarContext).claimed;
}

/** Claims the bottom edge while `active` and mounted. Outside a provider (PWA views) it does nothing. */
export function useClaimBottomBar(active: boolean): void {
  const { setClaims } = useContext(BottomBarContext);
  useEffect(() => {
    if (!active) return undefined;
    setClaims((count) => count + 1);
    return () => setClaims((count) => count - 1);
  }, [active, setClaims]);
}
