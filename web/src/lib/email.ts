/**
 * The e-mail field's early check, mirroring the server's rules (dot-atom local part of at most 64
 * characters, a domain of two or more labels ending in letters, 254 characters in all); the server
 * decides.
 */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Trimmed and lower-cased, as the server stores it. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

export function isPlausibleEmail(input: string): boolean {
  const email = normalizeEmail(input);
  if (email.length === 0 || email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const top = labels[labels.length - 1] ?? '';
  return (
    local.length <= 64 &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /^[a-z]{2,}$/.test(top)
  );
}
