import { lazy, type ComponentType } from 'react';

/**
 * A component from a module loaded on first render, so it stays out of the shell's initial JavaScript (bench
 * figure 10); the nearest Suspense shows while it loads.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
