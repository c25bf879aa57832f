import { lazy, type ComponentType } from 'react';

/**
 * A named export loaded on first render, so its code stays out of the chunk that renders it (a visitor's first
 * load, bench figure 10; a remote screen's own chunk); the nearest Suspense shows while it loads.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
