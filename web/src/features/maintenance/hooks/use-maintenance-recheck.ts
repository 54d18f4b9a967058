import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appConfigQueryKey, getAppConfig } from '@/api/app-config';
import { MAINTENANCE_RECHECK_MAX_SECS, MAINTENANCE_RECHECK_MIN_SECS } from '@/config/constants';
import { useAppStore } from '@/lib/store';

/** R8.02: wait the server's Retry-After, at least 5 s and at most 60 s. */
export function recheckDelaySecs(retryAfterSecs: number | null): number {
  const wanted = retryAfterSecs ?? MAINTENANCE_RECHECK_MIN_SECS;
  return Math.min(MAINTENANCE_RECHECK_MAX_SECS, Math.max(MAINTENANCE_RECHECK_MIN_SECS, wanted));
}

/**
 * Counts down to the next check of GET /api/v1/app/config and leaves maintenance when it answers 200.
 * Another 503 keeps the screen (the API client records its new Retry-After) and starts a new round.
 */
export function useMaintenanceRecheck() {
  const queryClient = useQueryClient();
  const clearMaintenance = useAppStore((state) => state.clearMaintenance);
  const [deadlineMs, setDeadlineMs] = useState(() => nextDeadlineMs());
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [checking, setChecking] = useState(false);
  const checkingRef = useRef(false);

  const check = useCallback(async () => {
    if (checkingRef.current) return;
    checkingRef.current = true;
    setChecking(true);
    try {
      const config = await getAppConfig();
      queryClient.setQueryData(appConfigQueryKey, config);
      clearMaintenance();
      // Whatever failed while the server was away loads again.
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    } catch {
      // Still away (the API client has recorded the new Retry-After) or unreachable: another round.
      setDeadlineMs(nextDeadlineMs());
    } finally {
      checkingRef.current = false;
      setChecking(false);
    }
  }, [clearMaintenance, queryClient]);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= deadlineMs) {
        clearInterval(timer);
        void check();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [deadlineMs, check]);

  const secondsLeft = Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
  return { secondsLeft, checking, checkNow: check };
}

function nextDeadlineMs(): number {
  return Date.now() + recheckDelaySecs(useAppStore.getState().misc.maintenanceRetryAfterSecs) * 1000;
}
