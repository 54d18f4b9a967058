import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { stripLocale } from '@/lib/locale';
import { rememberReturnPath } from '@/lib/return-path';
import { useAppStore } from '@/lib/store';

/** The header's end: Log in / Sign up for visitors, the account menu for a logged-in user. */
export function AccountMenu() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const location = useLocation();
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const phone = useAppStore((state) => state.auth.userDetails?.phone ?? null);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (!loggedIn) {
    const here = stripLocale(location.pathname);
    // R2.04: logging in from a page comes back to it (not from the login and sign-up pages themselves).
    const remember = () => {
      if (here !== paths.login && here !== paths.signup) {
        rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
      }
    };
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ ml: 0.5 }}>
        <Button component={RouterLink} to={localize(paths.login)} onClick={remember} variant="outlined" size="small">
          {t('auth.login')}
        </Button>
        <Button
          component={RouterLink}
          to={localize(paths.signup)}
          onClick={remember}
          variant="contained"
          size="small"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          {t('auth.signup')}
        </Button>
      </Stack>
    );
  }

  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('auth.menu.label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.primary' }}
      >
        <AccountCircleOutlined />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('auth.menu.menuLabel') } }}
      >
        {phone && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {phone}
          </Typography>
        )}
        {phone && <Divider />}
        {/* The header hides these links on phones: the menu keeps them one tap away. */}
        <MenuItem component={RouterLink} to={localize(paths.portfolio)} onClick={close}>
          <ListItemIcon>
            <PieChartOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.menu.portfolio')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={localize(paths.balance)} onClick={close}>
          <ListItemIcon>
            <AccountBalanceWalletOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.menu.balance')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={localize(paths.account)} onClick={close}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.menu.account')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={localize(paths.accountManageSession)} onClick={close}>
          <ListItemIcon>
            <DevicesOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.menu.sessions')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            updateAuth({ logoutModal: true });
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.menu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
