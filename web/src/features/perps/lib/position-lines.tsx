import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { FigureLine } from '@/components/ui/figures';
import { formatMoney, formatPrice, formatQuantity, localizeDecimalText } from '@/lib/format';
import type { Locale } from '@/types';
import type { PerpPosition } from '../api/types';
import { pnlColor, signed } from './positions';

/** Figures of one position, as the card and its tests read them. */
export function positionLines(position: PerpPosition, t: TFunction, locale: Locale) {
  const usdt = (value: string) => formatMoney(value, 'USDT', 'amount', locale);
  const price = (value: string) => formatPrice(value, 'USDT', locale);
  const pnl = signed(usdt(position.unrealisedPnl), position.unrealisedPnl);
  const roe = `${signed(localizeDecimalText(position.roePercentage, locale), position.roePercentage)}%`;
  const lines: FigureLine[] = [
    { label: t('perps.positions.size'), value: formatQuantity(position.size, locale) },
    { label: t('perps.positions.entry'), value: price(position.entryPrice) },
    { label: t('perps.positions.mark'), value: price(position.markPrice) },
    {
      label: t('perps.positions.liquidation'),
      value: position.liquidationPrice ? price(position.liquidationPrice) : '–',
    },
    { label: t('perps.positions.margin'), value: usdt(position.margin) },
    {
      label: t('perps.positions.unrealised'),
      value: (
        <Box component="span" sx={{ color: pnlColor(position.unrealisedPnl) }} data-testid="perp-pnl">
          {pnl} ({roe})
        </Box>
      ),
      strong: true,
    },
    { label: t('perps.positions.funding'), value: signed(usdt(position.funding), position.funding) },
    ...(position.takeProfit ? [{ label: t('perps.protection.takeProfit'), value: price(position.takeProfit) }] : []),
    ...(position.stopLoss ? [{ label: t('perps.protection.stopLoss'), value: price(position.stopLoss) }] : []),
  ];
  return lines;
}
