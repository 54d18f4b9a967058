import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useLayoutEffect, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAppConfig } from '@/api/app-config';
import { useEffectiveTheme } from '@/hooks/use-effective-theme';
import { i18n } from '@/i18n';
import { useAppStore } from '@/lib/store';
import { muiThemes } from '@/lib/theme';
import type { Locale } from '@/types';

/**
 * The root of each locale's route tree (`/` and `/en`): keeps the language, `<html lang>` and the
 * theme class in step with the URL and the user's choice, and provides the MUI theme.
 */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const setLanguage = useAppStore((state) => state.setLanguage);
  const setLightThemeAllowed = useAppStore((state) => state.setLightThemeAllowed);
  const theme = useEffectiveTheme();
  const { data: config } = useAppConfig();

  useLayoutEffect(() => {
    setLanguage(locale);
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [locale, setLanguage]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove('theme-dark', 'theme-light');
    root.classList.add(`theme-${theme}`);
    root.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (config) setLightThemeAllowed(config.lightThemeAllowed);
  }, [config, setLightThemeAllowed]);

  return (
    <ThemeProvider theme={muiThemes[theme]}>
      <CssBaseline enableColorScheme />
      <Outlet />
    </ThemeProvider>
  );
}
