/** A page's column: full width up to the page's maximum, centred, with the page gutter. */
export const pageSx = {
  width: '100%',
  maxWidth: 'var(--page-max-width)',
  mx: 'auto',
  px: 'var(--page-gutter)',
} as const;
