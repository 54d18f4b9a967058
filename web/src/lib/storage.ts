/**
 * localStorage that never throws (private browsing and disabled storage make it throw), so a storage
 * failure degrades to "not remembered" instead of a broken page.
 */
export const STORAGE_KEYS = {
  deviceId: 'deviceId',
  /** The push-installation id sent as x-firebase-id (see lib/ids.ts). */
  firebaseId: 'firebaseId',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** When the PIN was last verified; cleared on logout (R4.18). */
  pinTimestamp: 'pinTimestamp',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
