import { useEffect, useRef, useState } from 'react';
import { compareText } from '@/lib/decimal';

/** How long a price stays highlighted after it moves. */
const FLASH_MS = 800;

/** 'up' or 'down' for a moment after `last` changes, so a ticking price is visible. */
export function usePriceFlash(last: string | undefined): 'up' | 'down' | null {
  const previous = useRef(last);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = last;
    if (before === undefined || last === undefined || before === last) return undefined;
    setFlash(compareText(last, before) > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [last]);
  return flash;
}
