/**
 * What the phone field sends: Indonesian numbers as typed in any usual form (`0812…`, `812…`,
 * `62812…`, `+62 812…`) become E.164 with +62 (the server normalises again with a phone-number
 * library; this only catches obvious typos early). Other countries need their `+` prefix.
 */
export const DEFAULT_COUNTRY_CODE = '62';

export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith(DEFAULT_COUNTRY_CODE)) return `+${digits}`;
  if (digits.startsWith('0')) return `+${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
  return `+${DEFAULT_COUNTRY_CODE}${digits}`;
}

/** Plausible: E.164 with 8 to 15 digits; Indonesian mobile numbers are +62 8… with 9 to 12 more digits. */
export function isPlausiblePhone(input: string): boolean {
  const phone = normalizePhone(input);
  if (!/^\+\d{8,15}$/.test(phone)) return false;
  if (phone.startsWith(`+${DEFAULT_COUNTRY_CODE}`)) return /^\+628\d{7,11}$/.test(phone);
  return true;
}
