import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { rememberReturnPath } from '@/lib/return-path';
import type { TradeSide } from '../lib/types';

export interface TradeActionBarProps {
  /** Opens the order sheet on a side (users). */
  onTrade: (side: TradeSide) => void;
  /** Guests go to log-in instead, and come back here afterwards (R2.04). */
  guest: boolean;
  /** The buttons' words when the class has its own (Long, Short). */
  labels?: Record<TradeSide, string>;
}

const SIDES: ReadonlyArray<{ side: TradeSide; color: 'success' | 'error' }> = [
  { side: 'BUY', color: 'success' },
  { side: 'SELL', color: 'error' },
];

/**
 * The phone's sticky Buy and Sell: always at the bottom edge, in the place of the tab bar (the page
 * claims the edge while it shows this bar), so trading is one tap away from anywhere on the page.
 */
export function TradeActionBar({ onTrade, guest, labels }: TradeActionBarProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const location = useLocation();
  const navigate = useNavigate();
  const toLogin = () => {
    rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    void navigate(localize(paths.login));
  };
  return (
    <Box
      role="group"
      aria-label={t('tradePage.actionsLabel')}
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        height: 'calc(var(--bottom-bar-height) + env(safe-area-inset-bottom))',
        px: 'var(--page-gutter)',
        pt: 1,
        pb: 'calc(8px + env(safe-area-inset-bottom))',
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'var(--color-bg)',
      }}
    >
      {SIDES.map(({ side, color }) => (
        <Button
          key={side}
          onClick={() => (guest ? toLogin() : onTrade(side))}
          variant="contained"
          color={color}
          size="large"
        >
          {labels?.[side] ?? t(`tradePage.side.${side}`)}
        </Button>
      ))}
    </Box>
  );
}
