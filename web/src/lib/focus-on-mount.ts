/**
 * A ref callback that focuses its element when it mounts, which is what React does for `autoFocus`.
 * Preact, which stands in for React here (vite.config.ts), only writes the `autofocus` attribute, and a
 * browser honours that once per page load: a PIN field in a dialog opened later would not get the focus.
 * Without scrolling: a field focused while the page is still being laid out scrolled the window, and the
 * pages reached from there shifted as they filled (e2e/every-page.spec.ts measures it).
 */
export function focusOnMount(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  // A dialog that opens as another closes (a review, then the PIN): until the effects of that render
  // have run, which Preact does after the next frame, the closing dialog's focus trap is still the top
  // one and pulls the focus back into itself. Focus once more after them, unless the focus has gone on.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const active = document.activeElement;
      if (
        element.isConnected &&
        active !== element &&
        (active === document.body || active?.closest('[role="dialog"], [role="presentation"]'))
      ) {
        element.focus({ preventScroll: true });
      }
    }),
  );
}
