/**
 * A Vite plugin: MUI's themes without CSS variables, and without the code that makes them (issue 12).
 *
 * The app builds its two themes (dark and light, src/lib/theme.ts) with `createTheme` and no
 * `cssVariables` and no `colorSchemes`, and switches between them by giving `ThemeProvider` the other
 * theme. For such options MUI's `createTheme` only ever calls `createThemeNoVars`, and its
 * `ThemeProvider` only ever renders `ThemeProviderNoVars`; but both import the CSS-variables
 * machinery (`createThemeWithVars`, `CssVarsProvider`, the colour-scheme storage and script), and so
 * does the default theme every styled component imports, so Rollup cannot drop it: about 30 KB of
 * minified code on every page.
 *
 * Inside `@mui/material/esm/styles/`, this plugin points `./createTheme.js` at `./createThemeNoVars.js`
 * and `./ThemeProvider.js` at `./ThemeProviderNoVars.js`. The results are the same for options without
 * `cssVariables` and `colorSchemes`; `src/lib/theme.test.ts` checks the app's themes never ask for
 * them. The build fails if MUI moves those files. Unit tests run MUI unbundled, without this plugin.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SWAPS = {
  './createTheme.js': './createThemeNoVars.js',
  './ThemeProvider.js': './ThemeProviderNoVars.js',
};

const STYLES_DIR = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+\.js$/;

export function muiWithoutCssVars() {
  return {
    name: 'mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const target = SWAPS[source];
      if (!target || !importer || !STYLES_DIR.test(importer.split('?')[0])) return null;
      const resolved = path.join(path.dirname(importer.split('?')[0]), target);
      if (!existsSync(resolved)) {
        throw new Error(`mui-without-css-vars: ${resolved} is missing (did MUI move its theme files?)`);
      }
      return resolved;
    },
  };
}
