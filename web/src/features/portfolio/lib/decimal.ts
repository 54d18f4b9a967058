/**
 * Exact decimal arithmetic on the server's decimal strings (R9 money: never floats). A value is an
 * integer of units and a scale: `12.5` is `{ units: 125n, scale: 1 }`.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

/** Parses `-12.345`; null for anything that is not a plain decimal. */
export function parseDec(text: string | null | undefined): Dec | null {
  if (text == null) return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] ? -units : units, scale: fraction.length };
}

function rescale(value: Dec, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** a − b, exactly. */
export function subDec(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) - rescale(b, scale), scale };
}

/** a × b, exactly. */
export function mulDec(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Rounds toward zero to `decimals` places (a holding is worth what a sale would truncate to). */
export function truncDec(value: Dec, decimals: number): Dec {
  if (value.scale <= decimals) return { units: rescale(value, decimals), scale: decimals };
  return { units: value.units / 10n ** BigInt(value.scale - decimals), scale: decimals };
}

/** a ÷ b × 100 to `decimals` places, rounded half away from zero; null when b is zero. */
export function percentDec(a: Dec, b: Dec, decimals: number): Dec | null {
  if (b.units === 0n) return null;
  const scale = Math.max(a.scale, b.scale);
  const numerator = rescale(a, scale) * 100n * 10n ** BigInt(decimals + 1);
  const quotient = numerator / rescale(b, scale);
  const rounded = (quotient + (quotient < 0n ? -5n : 5n)) / 10n;
  return { units: rounded, scale: decimals };
}

/** `{125n, 1}` → `12.5`; keeps the scale's trailing zeros (`1.50`). */
export function formatDec(value: Dec): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = value.scale === 0 ? digits : digits.slice(0, -value.scale);
  const fraction = value.scale === 0 ? '' : `.${digits.slice(-value.scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
