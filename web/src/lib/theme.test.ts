import { describe, expect, it } from 'vitest';
import css from '../index.css?raw';
import { muiThemes, THEME_TOKENS } from './theme';

describe('themes', () => {
  it('R9.03 the layout breaks at 640, 900 and 1024 px, in the MUI themes and in the CSS', () => {
    for (const theme of Object.values(muiThemes)) {
      expect(theme.breakpoints.values).toMatchObject({ sm: 640, md: 900, lg: 1024 });
    }
    expect(css).toContain('@media (min-width: 640px)');
    expect(css).toContain('@media (min-width: 1024px)');
  });

  it('R1.02 dark and light MUI themes use the same tokens as the CSS custom properties', () => {
    expect(muiThemes.dark.palette.mode).toBe('dark');
    expect(muiThemes.light.palette.mode).toBe('light');
    expect(css).toContain(`--color-bg: ${THEME_TOKENS.dark.bg};`);
    expect(css).toContain(`--color-bg: ${THEME_TOKENS.light.bg};`);
    expect(muiThemes.light.palette.background.default).toBe(THEME_TOKENS.light.bg);
  });

  it('R1.02 the themes use no CSS variables and no colour schemes (the build drops that part of MUI)', () => {
    // scripts/mui-without-css-vars.mjs: the build's createTheme and ThemeProvider are MUI's NoVars ones,
    // which give the same result only for themes like these.
    for (const theme of Object.values(muiThemes)) {
      expect(theme).not.toHaveProperty('colorSchemes');
      expect(theme).not.toHaveProperty('cssVariables');
      expect(theme.vars).toBeUndefined();
    }
  });
});
