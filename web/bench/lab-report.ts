import { CPU_SLOWDOWN, FAST_3G, PHONE } from './lab-conditions';

/** One measured figure of the lab table. */
export interface Figure {
  figure: string;
  /** Milliseconds for times, a unitless score for CLS; `null`: nothing measurable happened (see `note`). */
  value: number | null;
  unit: 'ms' | 'score';
  goal: number;
  note?: string;
}

/** A route's initial JavaScript (scripts/route-sizes.mjs), in bytes. */
export interface RouteSize {
  module: string;
  gzip: number;
  brotli: number;
  budgetKiB: number;
}

/**
 * Initial JavaScript per route before issue 12 (commit 29637b0: one MUI chunk and one vendor chunk on
 * every page, both languages in the entry), gzip and brotli KiB, measured the same way as now.
 */
export const SIZES_BEFORE: Record<string, [number, number]> = {
  'src/app/routes/account/bank-account.tsx': [315.4, 267.1],
  'src/app/routes/account/change-pin.tsx': [313.9, 265.8],
  'src/app/routes/account/language.tsx': [313.1, 265.1],
  'src/app/routes/account/layout.tsx': [312.5, 264.6],
  'src/app/routes/account/manage-session.tsx': [315.0, 266.8],
  'src/app/routes/account/notification.tsx': [314.6, 266.4],
  'src/app/routes/account/overview.tsx': [314.8, 266.6],
  'src/app/routes/account/privacy.tsx': [313.2, 265.1],
  'src/app/routes/account/profile.tsx': [319.5, 270.8],
  'src/app/routes/account/verification.tsx': [315.3, 267.0],
  'src/app/routes/app-shell.tsx': [309.8, 262.2],
  'src/app/routes/asset.tsx': [382.2, 324.1],
  'src/app/routes/balance/cashout.tsx': [318.8, 270.2],
  'src/app/routes/balance/futures.tsx': [314.7, 266.5],
  'src/app/routes/balance/overview.tsx': [317.6, 269.1],
  'src/app/routes/balance/topup.tsx': [317.5, 269.0],
  'src/app/routes/balance/usd.tsx': [315.3, 267.0],
  'src/app/routes/home.tsx': [320.5, 271.7],
  'src/app/routes/login.tsx': [315.5, 267.3],
  'src/app/routes/markets.tsx': [317.4, 268.9],
  'src/app/routes/not-found.tsx': [310.1, 262.5],
  'src/app/routes/portfolio.tsx': [323.4, 274.3],
  'src/app/routes/sandbox/pay.tsx': [313.2, 265.2],
  'src/app/routes/signup.tsx': [315.5, 267.3],
  'src/app/routes/trade/index.tsx': [408.6, 347.5],
  'src/app/routes/transaction-history.tsx': [317.5, 269.0],
};

export function passes(figure: Figure): boolean {
  return figure.value === null || figure.value <= figure.goal;
}

function show(value: number | null, unit: Figure['unit']): string {
  if (value === null) return 'none';
  return unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export interface LabReport {
  measuredAt: Date;
  cores: number;
  /** The server binary that served the pages, and the cargo profile that built it (null: unknown). */
  binary: { path: string; profile: 'release' | 'debug' | null };
  /** The machine's 1, 5 and 15 minute load averages when the run started and when it ended. */
  load: { start: number[]; end: number[] };
  /** How the server sent the entry chunk (`br`, `gzip` or `identity`): the transfer sizes depend on it. */
  contentEncoding: string;
  figures: Figure[];
  sizes: RouteSize[];
}

/** Where the generated part of docs/bench/web-lab.md starts and ends; the rest is written by hand. */
export const GENERATED_START =
  '<!-- web-lab: written by `npm run bench:lab` (web/bench/lab-report.ts) up to the end marker; each run replaces it -->';
export const GENERATED_END = '<!-- web-lab: end of the generated part; what follows is written by hand and kept -->';

const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');

function binaryText(binary: LabReport['binary']): string {
  const kind = binary.profile ? `the **${binary.profile}** server binary` : 'the server binary';
  return `${kind} \`${binary.path}\``;
}

/** The section of docs/benchmarks.md written by `make bench` (docs/bench/web-lab.md). */
export function labMarkdown(report: LabReport): string {
  const lines = [
    '## Web app in the lab (Playwright, Chromium)',
    '',
    `Measured ${report.measuredAt.toISOString().slice(0, 10)} on ${report.cores} cores against ` +
      `${binaryText(report.binary)} serving web/dist (entry chunk sent with content-encoding ` +
      `\`${report.contentEncoding}\`). Load average (1 / 5 / 15 min) ${loads(report.load.start)} at the start and ` +
      `${loads(report.load.end)} at the end; it counts the lab's own browser and server, and well above ` +
      `${report.cores} it means other work (such as a build) shared the cores and slowed the timings.`,
    '',
    `Conditions: a ${PHONE.viewport.width}×${PHONE.viewport.height} phone (touch, ${PHONE.deviceScaleFactor}× density, ` +
      `mobile user agent), CPU ${CPU_SLOWDOWN}× slower (CDP Emulation.setCPUThrottlingRate), DevTools "Fast 3G" ` +
      `(CDP Network.emulateNetworkConditions: ${FAST_3G.latency} ms per request, ` +
      `${((FAST_3G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ` +
      `${Math.round((FAST_3G.uploadThroughput * 8) / 1e3)} kbit/s up). A first visit starts with an empty ` +
      'browser (no cache, no service worker); a repeat visit is the same browser after the service worker took over. ' +
      "LCP and CLS are read from the browser's own entries after the content shows and 5 s more; the order panel is " +
      "a logged-in user's on the trade page (Buy opens it), typed into with a click and six keys.",
    '',
    '| figure | value | goal | pass |',
    '|---|---|---|---|',
    ...report.figures.map(
      (figure) =>
        `| ${figure.figure} | ${show(figure.value, figure.unit)}${figure.note ? ` (${figure.note})` : ''} | ` +
        `≤ ${show(figure.goal, figure.unit)} | ${passes(figure) ? 'yes' : 'no'} |`,
    ),
    '',
    '### Initial JavaScript per route',
    '',
    "The entry chunk, the default language's shell texts and the route's chunk with their static imports and " +
      "the route's own texts (scripts/route-texts.mjs), each file " +
      'compressed alone (gzip level 9, brotli quality 11, as `npm run build` writes them). Before: commit 29637b0 ' +
      '(issue 12 reported 299 KiB for the first page and about 360 KiB for the trade page, measured another way). ' +
      'Budgets: web/route-budgets.json, checked by `make test`.',
    '',
    '| route | before gzip | before br | now gzip | now br | budget (gzip) |',
    '|---|---|---|---|---|---|',
    ...report.sizes.map((route) => {
      const before = SIZES_BEFORE[route.module];
      const name = route.module.replace('src/app/routes/', '');
      return (
        `| ${name} | ${before ? `${before[0].toFixed(1)} KiB` : '–'} | ${before ? `${before[1].toFixed(1)} KiB` : '–'} | ` +
        `${kib(route.gzip)} KiB | ${kib(route.brotli)} KiB | ${route.budgetKiB} KiB |`
      );
    }),
    '',
  ];
  return lines.join('\n');
}

/**
 * docs/bench/web-lab.md with its generated part replaced by `generated` and the hand-written rest kept.
 * A file without the markers keeps all of its text after the new part.
 */
export function spliceLabReport(existing: string | null, generated: string): string {
  const part = `${GENERATED_START}\n${generated.trimEnd()}\n${GENERATED_END}\n`;
  if (!existing) return part;
  const start = existing.indexOf(GENERATED_START);
  const end = existing.indexOf(GENERATED_END);
  if (start < 0 || end < start) return `${part}\n${existing.trimStart()}`;
  return `${existing.slice(0, start)}${part}${existing.slice(end + GENERATED_END.length).replace(/^\n/, '')}`;
}
