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

export interface SessionSpan {
  phase: string;
  /** `HH:mm–HH:mm` in Jakarta time, where the app's users are. */
  span: string;
}

/** R3.14: a venue day's sessions as spans in Jakarta time (IDSS: its two sessions; US: pre, regular, post). */
export function sessionSpans(times: Pick<MarketTimes, 'sessions'>, locale: Locale): SessionSpan[] {
  const format = TIME_FORMAT[locale];
  return times.sessions.map((session) => ({
    phase: session.phase,
    span: `${format.format(Date.parse(session.open))}–${format.format(Date.parse(session.close))}`,
  }));
}
