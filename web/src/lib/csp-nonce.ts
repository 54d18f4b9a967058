/**
 * The page's Content-Security-Policy nonce (issue 14). The server puts a fresh one on the tags of the
 * shell, including Vite's `<meta property="csp-nonce">`; style tags written at run time (MUI's) must
 * carry it too. Browsers hide the attribute once the page is parsed; the `nonce` property keeps it.
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || undefined;
}
