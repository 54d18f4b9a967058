import { createTheme, type Theme as MuiTheme } from '@mui/material/styles';
import { BREAKPOINTS_PX } from '@/config/constants';
import type { Theme } from '@/types';

/**
 * R1.02: dark (default) and light. The same tokens are CSS custom properties in index.css, switched
 * by the `theme-dark` / `theme-light` class on <html> (which the server already sets from the cookie,
 * so the first paint has the right colours); MUI components read them from these themes.
 */
export const THEME_TOKENS = {
  dark: {
    bg: '#0b0f14',
    surface: '#121821',
    surfaceRaised: '#1a2230',
    border: '#243042',
    text: '#e8edf3',
    textMuted: '#97a3b6',
    primary: '#19c39c',
    primaryText: '#04140f',
    danger: '#f0506e',
    warning: '#f5b041',
  },
  light: {
    bg: '#f5f7fa',
    surface: '#ffffff',
    surfaceRaised: '#eef2f7',
    border: '#dde3ec',
    text: '#0f1722',
    textMuted: '#556274',
    primary: '#08806b',
    primaryText: '#ffffff',
    danger: '#c8284a',
    warning: '#a85d00',
  },
} as const satisfies Record<Theme, Record<string, string>>;

const FONT_STACK =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

function build(mode: Theme): MuiTheme {
  const t = THEME_TOKENS[mode];
  return createTheme({
    breakpoints: { values: BREAKPOINTS_PX },
    palette: {
      mode,
      primary: { main: t.primary, contrastText: t.primaryText },
      error: { main: t.danger },
      warning: { main: t.warning },
      background: { default: t.bg, paper: t.surface },
      text: { primary: t.text, secondary: t.textMuted },
      divider: t.border,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.3 },
      h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.4 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiMenu: { styleOverrides: { paper: { border: `1px solid ${t.border}` } } },
      // MUI's unselected toggle text (54 % black) falls just short of 4.5:1 on the light background.
      MuiToggleButton: { styleOverrides: { root: { color: t.textMuted } } },
      MuiTooltip: {
        styleOverrides: {
          tooltip: {
            backgroundColor: t.surfaceRaised,
            color: t.text,
            border: `1px solid ${t.border}`,
            fontSize: '0.8125rem',
          },
          arrow: { color: t.surfaceRaised },
        },
      },
    },
  });
}

export const muiThemes: Record<Theme, MuiTheme> = { dark: build('dark'), light: build('light') };
