import type { ComponentType, ReactNode } from 'react';
import { track, usePromise } from './settled.js';

export interface DeferredView<Props extends object> {
  /** Starts loading the code (at navigation, on a link's hover); the same load every time. */
  preload(): Promise<ComponentType<Props>>;
  /** The component once its code is here, `fallback` until then; a failed load is thrown to the error boundary. */
  View: ComponentType<Props & { fallback: ReactNode }>;
}

/**
 * A page whose code is a chunk of its own, like `lazy`, but shown by a store update rather than a Suspense reveal
 * (settled.ts says why), and loadable ahead of its first render.
 */
export function deferredView<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): DeferredView<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= track(load().then((module) => module[name])));
  function View({ fallback, ...props }: Props & { fallback: ReactNode }) {
    const state = usePromise(preload());
    if (state.status === 'rejected') throw state.reason;
    if (state.status === 'pending') return fallback;
    const Component = state.value;
    return <Component {...(props as unknown as Props)} />;
  }
  return { preload, View };
}
