import { useCallback } from 'react';
import { useLocale } from '@/hooks/use-locale';
import { formatMoney, type MoneyContext } from '@/lib/format';

/** Formats API rupiah strings in the current language and a money context (lib/format.ts, R9.09–R9.10). */
export function useIdr(): (value: string | number, context?: MoneyContext) => string {
  const locale = useLocale();
  return useCallback(
    (value: string | number, context: MoneyContext = 'balance') => formatMoney(value, 'IDR', context, locale),
    [locale],
  );
}
