/**
 * An accessible name for a control whose visible text is an abbreviation (`1m`, `Rp100rb`): the
 * visible text first, then the full wording, so voice control users can say what they see (WCAG 2.5.3,
 * axe `label-content-name-mismatch`) and screen readers still hear the full meaning.
 */
export function withVisibleText(visible: string, full: string): string {
  return visible === full ? full : `${visible} (${full})`;
}
