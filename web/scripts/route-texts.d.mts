/** Types of route-texts.mjs for vite.config.ts. */
import type { Plugin } from 'vite';
export function routeTexts(): Plugin;
