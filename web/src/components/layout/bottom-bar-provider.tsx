import { useMemo, useState, type ReactNode } from 'react';
import { BottomBarContext } from './bottom-bar';

/** Holds who owns the phone's bottom edge (see bottom-bar.ts). */
export function BottomBarProvider({ children }: { children: ReactNode }) {
  const [claims, setClaims] = useState(0);
  const value = useMemo(() => ({ claimed: claims > 0, setClaims }), [claims]);
  return <BottomBarContext.Provider value={value}>{children}</BottomBarContext.Provider>;
}
