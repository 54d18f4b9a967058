import { useEffect, useMemo, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: a value that changes with every keystroke
 * settles when the typing pauses. It must be plain JSON (it is compared by its JSON text, so a new
 * object with the same fields is the same value).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (text === settled) return undefined;
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, settled, delayMs]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}
