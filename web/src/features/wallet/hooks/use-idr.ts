import { useCallback } from 'react';
import { useLocale } from '@/hooks/use-locale';
import { formatCurrency } from '@/lib/format';

/**
 * Formats API rupiah strings in the current language (R9.09, R9.10): `Rp1.500.000` (id),
 * `Rp1,500,000` (en); sen are shown only when there are any. Costs are never shown rounded down:
 * the server's amounts already have at most two decimals, so nothing is lost here.
 */
export function useIdr(): (value: string | number) => string {
  const locale = useLocale();
  return useCallback((value: string | number) => formatCurrency(value, 'IDR', locale), [locale]);
}
