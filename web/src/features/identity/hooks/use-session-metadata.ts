import { useEffect } from 'react';
import { useAppConfig } from '@/api/app-config';
import { saveClevertapProfile, saveMetadata } from '../api/session-metadata';
import type { UserDetails } from '@/api/types';
import { useLocale } from '@/hooks/use-locale';
import { useAppStore } from '@/lib/store';

/** sessionStorage key: the user whose metadata this browser session already sent. */
export const METADATA_SENT_KEY = 'metadataSentFor';

function alreadySent(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(METADATA_SENT_KEY) === userId;
  } catch {
    return false;
  }
}

function markSent(userId: string): void {
  try {
    window.sessionStorage.setItem(METADATA_SENT_KEY, userId);
  } catch {
    // Storage unavailable: sent again on the next load, which the server treats as an upsert.
  }
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Once per browser session after log-in: the client metadata (app version, time zone, language,
 * theme) and the CleverTap profile. Both are best effort; a failure is retried on the next session.
 */
export function useSessionMetadata(user: UserDetails | null): void {
  const config = useAppConfig();
  const locale = useLocale();
  const theme = useAppStore((state) => state.misc.theme);
  const version = config.data?.version;

  useEffect(() => {
    if (!user || !version || alreadySent(user.id)) return;
    markSent(user.id);
    const zone = timeZone();
    void Promise.allSettled([
      saveMetadata({ metadata: { appVersion: version, timezone: zone, language: locale, theme } }),
      saveClevertapProfile({
        profile: {
          Identity: user.id,
          Language: locale,
          Timezone: zone,
          Theme: theme,
          'App Version': version,
          'KYC Status': user.kycStatus,
        },
      }),
    ]).then((results) => {
      if (results.some((result) => result.status === 'rejected')) {
        try {
          window.sessionStorage.removeItem(METADATA_SENT_KEY);
        } catch {
          // Nothing to undo.
        }
      }
    });
  }, [user, version, locale, theme]);
}
