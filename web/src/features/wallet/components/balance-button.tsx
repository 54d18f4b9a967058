import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { useAppStore } from '@/lib/store';
import { useWalletBalance } from '../api/get-balance';
import { useIdr } from '../hooks/use-idr';

function BalanceLink() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const idr = useIdr();
  const { balance } = useWalletBalance();
  const amount = balance ? idr(balance.totalBalance) : '';
  return (
    <Button
      component={NavLink}
      to={localize(paths.balance)}
      color="inherit"
      size="small"
      aria-label={t('wallet.headerLabel', { amount }).trim()}
      startIcon={<AccountBalanceWalletOutlined />}
      sx={{
        color: 'text.primary',
        minWidth: 0,
        fontVariantNumeric: 'tabular-nums',
        '&.active': { bgcolor: 'action.selected' },
        // On phones the icon alone: the header has no room for the amount.
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {amount}
      </Box>
    </Button>
  );
}

/** The header's link to `/balance` with the total; only for a logged-in user (guests load no balance, R6.01). */
export function BalanceButton() {
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  return loggedIn ? <BalanceLink /> : null;
}
