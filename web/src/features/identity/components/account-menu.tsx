import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { MountWhenOpened } from '@/components/ui/mount-when-opened';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { lazyNamed } from '@/lib/lazy-named';
import { stripLocale } from '@/lib/locale';
import { rememberReturnPath } from '@/lib/return-path';
import { useAppStore } from '@/lib/store';

// The menu's code (MUI's Menu, Popover, Modal) loads on its first opening.
const AccountMenuList = lazyNamed(() => import('./account-menu-list'), 'AccountMenuList');

/** The header's end: Log in / Sign up for visitors, the account menu for a logged-in user. */
export function AccountMenu() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const location = useLocation();
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const phone = useAppStore((state) => state.auth.userDetails?.phone ?? null);
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
      <MountWhenOpened open={anchor !== null}>
        <AccountMenuList id={menuId} anchor={anchor} phone={phone} onClose={close} />
      </MountWhenOpened>
    </>
  );
}
