import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { stripLocale } from '@/lib/locale';
import { stripPwa } from '@/lib/pwa';
import { pageSx } from '@/components/ui/page-sx';
import { PageTitle } from '@/components/ui/page-title';

/** The account pages that exist (R2.16); identity verification, bank accounts and notifications come with their calls. */
const ACCOUNT_NAV = [
  { to: paths.account, key: 'overview', end: true },
  { to: paths.accountProfile, key: 'profile', end: false },
  { to: paths.accountVerification, key: 'verification', end: false },
  { to: paths.accountPrivacy, key: 'privacy', end: false },
  { to: paths.accountManageSession, key: 'manageSession', end: false },
  { to: paths.accountNotification, key: 'notification', end: false },
  { to: paths.accountLanguage, key: 'language', end: false },
  { to: paths.accountBankAccount, key: 'bankAccount', end: false },
] as const;

/** The account area: a side menu on wide screens; on phones the overview is the menu and pages link back. */
export function AccountLayout() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { pathname } = useLocation();
  const isOverview = stripPwa(stripLocale(pathname)) === paths.account;

  return (
    <Box
      sx={{
        ...pageSx,
        py: { xs: 2.5, md: 5 },
        display: 'grid',
        gap: { xs: 2, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box component="nav" aria-label={t('account.navLabel')} sx={{ display: { xs: 'none', md: 'block' } }}>
        <Typography variant="overline" color="text.secondary" sx={{ px: 2 }}>
          {t('account.title')}
        </Typography>
        <List dense disablePadding>
          {ACCOUNT_NAV.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={localize(item.to)}
                end={item.end}
                sx={{ borderRadius: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
              >
                <ListItemText primary={t(`account.${item.key}`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {!isOverview && (
          <Button
            component={RouterLink}
            to={localize(paths.account)}
            startIcon={<ArrowBack />}
            size="small"
            color="inherit"
            sx={{ display: { xs: 'inline-flex', md: 'none' }, mb: 1.5, color: 'text.secondary' }}
          >
            {t('account.back')}
          </Button>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}

/** A page heading with its one-line description, and the page's main action beside it where it has one. */
export function AccountPageHeader({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const heading = <PageTitle title={title} text={text} />;
  return (
    <Box sx={{ mb: 3 }}>
      {action ? (
        <Stack direction="row" spacing={2} alignItems="flex-start" justifyContent="space-between">
          <Box sx={{ minWidth: 0 }}>{heading}</Box>
          {action}
        </Stack>
      ) : (
        heading
      )}
      {children}
    </Box>
  );
}
