import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Fallback for old browsers and non-secure contexts (plain http on a LAN address).
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function persistentId(key: string): string {
  const existing = readStorage(key);
  if (existing) return existing;
  const created = uuid();
  writeStorage(key, created);
  return created;
}

/** x-device-id: identifies this browser for per-device sessions; kept across logouts. */
export function getDeviceId(): string {
  return persistentId(STORAGE_KEYS.deviceId);
}

/**
 * x-firebase-id: the push-installation id of this install (the id a push service such as Firebase
 * Cloud Messaging gives an installation). Until web push is wired, a per-install UUID stands in for
 * it; the server treats it as an opaque installation id. Sent on POST only (R7.01).
 */
export function getFirebaseId(): string {
  return persistentId(STORAGE_KEYS.firebaseId);
}
