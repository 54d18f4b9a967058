import { PIN_INACTIVITY_TIMEOUT_MS } from '@/config/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * R3.17 PIN modal: the PIN timestamp (localStorage `pinTimestamp`, cleared on logout, R4.18) is when the
 * user last typed their PIN or, after that, last used the app. Sensitive pages ask for the PIN again
 * once it is older than PIN_INACTIVITY_TIMEOUT_MS; activity never revives a stale timestamp, only the
 * PIN does.
 */
export function readPinTimestamp(): number | null {
  const raw = readStorage(STORAGE_KEYS.pinTimestamp);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordPinVerified(atMs: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.pinTimestamp, String(atMs));
}

export function isPinFresh(nowMs: number = Date.now(), timeoutMs: number = PIN_INACTIVITY_TIMEOUT_MS): boolean {
  const at = readPinTimestamp();
  return at !== null && nowMs - at < timeoutMs && at <= nowMs + 60_000;
}

/** Activity while the PIN is fresh keeps it fresh. Returns whether the timestamp moved. */
export function touchPinTimestamp(nowMs: number = Date.now()): boolean {
  if (!isPinFresh(nowMs)) return false;
  recordPinVerified(nowMs);
  return true;
}
