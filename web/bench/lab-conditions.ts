/** The lab conditions of `make bench`'s web measurements (issue 12), in one place for the report. */

/** A mid-range phone: a 390×844 CSS-pixel screen at 3× density, touch, a mobile Chrome user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;

/** The CPU runs 4× slower (CDP Emulation.setCPUThrottlingRate): a phone, not a workstation. */
export const CPU_SLOWDOWN = 4;

/**
 * DevTools' "Fast 3G" (CDP Network.emulateNetworkConditions): 562.5 ms added to every request,
 * 1.44 Mbit/s down, 675 kbit/s up. The latency is per request (CDP cannot add it per round trip),
 * which is why it is 3.75 × a 150 ms round trip.
 */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
} as const;

/** Issue 12's goals. */
export const GOALS = { lcpMs: 2500, cls: 0.1, inputToPaintMs: 200 } as const;

/** The pages measured. `ready` names what shows once the page has its content. */
export const PAGES = [
  { path: '/', name: 'home' },
  { path: '/markets', name: 'markets' },
  { path: '/trade/BTC-IDR', name: 'trade' },
] as const;

/** After the page's content shows, how long late content (live prices, the chart) may still move it. */
export const SETTLE_MS = 5_000;
