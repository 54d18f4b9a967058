/**
 * The chart library and what the app registers in it, loaded on its own (use-kline-chart.ts imports
 * this lazily): about 60 KiB gzip that the trade and asset pages no longer wait for before their first
 * paint (issue 12). The chart's box keeps its size meanwhile, so nothing moves when the candles appear.
 */
import { dispose, init, registerLocale } from 'klinecharts';

export { drawReferenceLines } from './reference-lines';
export { dispose, init };

registerLocale('id-ID', {
  time: 'Waktu: ',
  open: 'Buka: ',
  high: 'Tinggi: ',
  low: 'Rendah: ',
  close: 'Tutup: ',
  volume: 'Volume: ',
  change: 'Perubahan: ',
  turnover: 'Nilai: ',
  second: 'd',
  minute: 'm',
  hour: 'j',
  day: 'H',
  week: 'M',
  month: 'B',
  year: 'T',
});
