/** A home page band: centred, as wide as the page. */
export const sectionSx = { maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)' } as const;
