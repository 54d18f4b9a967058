/** Longest server message the app shows (a toast, a dialog); the server cuts its own details at 200. */
export const SERVER_MESSAGE_CHARS_MAX = 300;

/** Control characters and the marks that reorder text (bidirectional overrides and isolates). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_OR_REORDERING = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A string from a response fit to show as plain text (R7.12): its controls and reordering marks
 * become spaces, runs of spaces one, and a long one is cut short with `…`. React shows it as text,
 * never as markup, so tags in it stay visible characters.
 */
export function sanitizeServerText(text: string): string {
  const plain = text.replace(HIDDEN_OR_REORDERING, ' ').replace(/ {2,}/g, ' ').trim();
  const chars = Array.from(plain);
  return chars.length > SERVER_MESSAGE_CHARS_MAX
    ? `${chars.slice(0, SERVER_MESSAGE_CHARS_MAX).join('').trimEnd()}…`
    : plain;
}
