/**
 * What the lab reads in the page: an init script records the largest-contentful-paint, layout-shift
 * and event-timing entries from the page's start; the functions below turn them into the figures.
 */

export interface LayoutShift {
  startTime: number;
  value: number;
}

export interface InteractionEntry {
  interactionId: number;
  duration: number;
}

export interface PageRecord {
  lcp: number | null;
  shifts: LayoutShift[];
  interactions: InteractionEntry[];
  /** Input → next paint, measured with requestAnimationFrame per watched input event. */
  inputToPaint: number[];
}

declare global {
  interface Window {
    __lab: PageRecord;
  }
}

/** Runs in the page before its own scripts (page.addInitScript). */
export function recordPageMetrics() {
  const record: PageRecord = { lcp: null, shifts: [], interactions: [], inputToPaint: [] };
  window.__lab = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      // Shifts right after the user's own input are expected, and not counted (as CLS does).
      if (!entry.hadRecentInput) record.shifts.push({ startTime: entry.startTime, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (entry.interactionId)
        record.interactions.push({ interactionId: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/**
 * Watches `element` (run in the page with the element's handle): for each pointerdown and keydown on
 * it, the time from the event to the frame after the next paint (a rAF, then a task after it).
 */
export function watchInputToPaint(element: Element) {
  const record = window.__lab;
  const measure = (event: Event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => record.inputToPaint.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  };
  element.addEventListener('pointerdown', measure, { capture: true });
  element.addEventListener('keydown', measure, { capture: true });
}

/**
 * CLS as the browsers define it: shifts are grouped in session windows (a gap of 1 s or more, or 5 s
 * of window, starts a new one); the score is the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let worst = 0;
  let sum = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - previous >= 1000 || shift.startTime - windowStart >= 5000) {
      sum = 0;
      windowStart = shift.startTime;
    }
    sum += shift.value;
    previous = shift.startTime;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/**
 * The slowest interaction (INP over a handful of interactions is the worst one): an interaction's
 * duration is its longest event. `null` when no interaction took 16 ms or more (nothing is reported).
 */
export function worstInteraction(entries: readonly InteractionEntry[]): number | null {
  const byInteraction = new Map<number, number>();
  for (const entry of entries) {
    byInteraction.set(entry.interactionId, Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration));
  }
  return byInteraction.size === 0 ? null : Math.max(...byInteraction.values());
}
