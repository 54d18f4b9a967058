/** The texts split per page by scripts/route-texts.mjs (a Vite plugin). */
declare module 'virtual:route-texts' {
  type Texts = Record<string, unknown>;
  type Locale = 'id' | 'en';
  /** The top-level sections of each part: `core` and one per route module (`account/profile`). */
  export const sections: Record<string, string[]>;
  /** Path pattern (a regular expression source, `''` for any path) → the parts its route modules need. */
  export const pages: [string, string[]][];
  /** Each part's texts in each language. */
  export const loaders: Record<Locale, Record<string, () => Promise<Texts>>>;
  /** A whole language: every section. */
  export const whole: Record<Locale, () => Promise<Texts>>;
}
