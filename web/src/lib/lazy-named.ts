import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export: `lazyNamed(() => import('./dialog'), 'Dialog')`. The module becomes
 * its own chunk, loaded the first time the component renders.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy<M[K]>(async () => ({ default: (await load())[name] }));
}
