// `npm run budgets` (run by `make test` after the build): exits 1 when a route's initial JavaScript,
// gzipped, is past its budget in web/route-budgets.json. `--dist DIR` and `--config FILE` measure
// another build (the test uses them).
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, DEFAULT_DIST, kib, measureBuild } from './route-budgets.mjs';

const { values } = parseArgs({ options: { dist: { type: 'string' }, config: { type: 'string' } } });
const routes = measureBuild(values.dist ?? DEFAULT_DIST, values.config ?? DEFAULT_CONFIG);
for (const route of routes) {
  console.log(
    `${route.module.padEnd(44)} ${kib(route.gzip).padStart(6)} KiB gzip ${kib(route.brotli).padStart(6)} KiB br` +
      `  budget ${route.budgetKiB} KiB  ${route.over ? 'OVER BUDGET' : 'ok'}`,
  );
}
const over = routes.filter((route) => route.over);
if (over.length > 0) {
  const names = over.map((route) => route.module).join(', ');
  console.error(`\n${over.length} route(s) past their initial-JavaScript budget: ${names}`);
  process.exit(1);
}
console.log(`\nall ${routes.length} routes within their initial-JavaScript budgets`);
