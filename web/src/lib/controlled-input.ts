/**
 * Shows `text` in the input an onChange handler is handling, for handlers that keep less than was typed
 * (a cut decimal, digits only, a length cap). React writes a controlled input's value back after every
 * change; Preact, which stands in for React here (vite.config.ts), re-renders only when the state
 * changes, so a refused keystroke would stay on screen while the state holds the text without it.
 */
export function showInInput(input: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (input.value !== text) input.value = text;
}
