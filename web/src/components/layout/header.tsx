import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { NAV_ITEMS } from './nav-items';
import { SandboxBadge } from './sandbox-badge';
import { ThemeSwitch } from './theme-switch';

/** The header's links on screens from 640 px (phones use the bottom tab bar); Account is the menu. */
const HEADER_ITEMS = NAV_ITEMS.filter((item) => item.icon !== 'account');

/** `actions`: the session's controls (log in / sign up, or the account menu), given by the app. */
export function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'var(--color-bg)',
        backdropFilter: 'saturate(180%) blur(8px)',
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        spacing={{ xs: 1, sm: 2 }}
        sx={{ height: 'var(--header-height)', maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)' }}
      >
        {/* On a phone the badge sits under the brand, so the header keeps its width at 390 px. */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            gap: { xs: 0, sm: 2 },
            lineHeight: 1,
          }}
        >
          <Box
            component={NavLink}
            to={localize(paths.home)}
            aria-label={t('app.logoLabel')}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'text.primary',
              textDecoration: 'none',
              mr: { xs: 0, sm: 1 },
            }}
          >
            <LogoMark size={30} />
            <Box component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', letterSpacing: '-0.01em' }}>
              {t('app.name')}
            </Box>
          </Box>
          {/* Outside the home link, so the link's name stays the brand's; no width taken in production. */}
          <SandboxBadge />
        </Box>
        <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', gap: 0.5, flex: 1, minWidth: 0 }}>
          {HEADER_ITEMS.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={localize(item.to)}
              end={item.end}
              color="inherit"
              size="small"
              sx={{
                color: 'text.secondary',
                display: { xs: 'none', sm: 'inline-flex' },
                minWidth: 0,
                '&[aria-current="page"]': { color: 'text.primary', bgcolor: 'action.selected' },
              }}
            >
              {t(item.labelKey)}
            </Button>
          ))}
        </Box>
        <Stack direction="row" alignItems="center" spacing={0.5} sx={{ color: 'text.secondary' }}>
          <LanguageSwitch />
          <ThemeSwitch />
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
