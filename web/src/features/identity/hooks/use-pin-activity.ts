import { useEffect } from 'react';
import { PIN_ACTIVITY_THROTTLE_MS } from '@/config/constants';
import { touchPinTimestamp } from '@/lib/pin-session';

/** While logged in, using the app keeps a fresh PIN timestamp fresh (R3.17 PIN modal after inactivity). */
export function usePinActivity(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < PIN_ACTIVITY_THROTTLE_MS) return;
      last = now;
      touchPinTimestamp(now);
    };
    const events = ['pointerdown', 'keydown', 'scroll'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity);
    };
  }, [loggedIn]);
}
