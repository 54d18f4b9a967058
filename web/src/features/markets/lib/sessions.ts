import type { Locale } from '@/types';
import type { MarketTimes } from '../api/types';

const TIME_FORMAT: Record<Locale, Intl.DateTimeFormat> = {
  id: new Intl.DateTimeFormat('id-ID', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Jakarta',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Jakarta',
  }),
};

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionSpan {
  phase: string;
  /** `HH:mm–HH:mm` in Jakarta time, where the app's users are; null for a session lasting the whole day. */
  span: string | null;
}

/** R3.14: a venue day's sessions as spans in Jakarta time (IDSS: its two sessions; US: pre, regular, post). */
export function sessionSpans(times: Pick<MarketTimes, 'sessions'>, locale: Locale): SessionSpan[] {
  const format = TIME_FORMAT[locale];
  return times.sessions.map((session) => {
    const open = Date.parse(session.open);
    const close = Date.parse(session.close);
    const wholeDay = close - open >= DAY_MS;
    return { phase: session.phase, span: wholeDay ? null : `${format.format(open)}–${format.format(close)}` };
  });
}
