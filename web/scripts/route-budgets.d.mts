/** Types of route-budgets.mjs for the TypeScript that imports it (the lab benchmark). */
export interface MeasuredRoute {
  module: string;
  budgetKiB: number;
  files: string[];
  gzip: number;
  brotli: number;
  over: boolean;
}
export const DEFAULT_DIST: string;
export const DEFAULT_CONFIG: string;
export function measureBuild(dist?: string, configPath?: string): MeasuredRoute[];
export function kib(bytes: number): string;
