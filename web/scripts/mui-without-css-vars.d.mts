import type { Plugin } from 'vite';

export declare const SWAPS: Record<string, string>;
export declare function muiWithoutCssVars(): Plugin;
