import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import ShowChart from '@mui/icons-material/ShowChart';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';
import { useBottomBarClaimed } from './bottom-bar';
import { NAV_ITEMS, type NavIcon } from './nav-items';

const ICONS: Record<NavIcon, SvgIconComponent> = {
  home: HomeOutlined,
  markets: ShowChart,
  portfolio: PieChartOutline,
  wallet: AccountBalanceWalletOutlined,
  account: AccountCircleOutlined,
};

/**
 * The phone's tab bar (< 640 px): the five destinations with the current one marked (NavLink sets
 * `aria-current="page"`). It steps aside while a page claims the bottom edge (the trade page's Buy and
 * Sell bar takes its place there).
 */
export function BottomNav() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const claimed = useBottomBarClaimed();
  if (claimed) return null;
  return (
    <Box
      component="nav"
      aria-label={t('nav.bottomLabel')}
      sx={{
        display: { xs: 'grid', sm: 'none' },
        gridTemplateColumns: `repeat(${NAV_ITEMS.length}, minmax(0, 1fr))`,
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        height: 'calc(var(--bottom-bar-height) + env(safe-area-inset-bottom))',
        pb: 'env(safe-area-inset-bottom)',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'var(--color-bg)',
      }}
    >
      {NAV_ITEMS.map(({ to, labelKey, icon, end }) => {
        const Icon = ICONS[icon];
        return (
          <Box
            key={to}
            component={NavLink}
            to={localize(to)}
            end={end}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 0.25,
              minWidth: 0,
              color: 'text.secondary',
              textDecoration: 'none',
              fontSize: '0.6875rem',
              fontWeight: 500,
              '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700 },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Icon fontSize="small" aria-hidden />
            <Box
              component="span"
              sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {t(labelKey)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
