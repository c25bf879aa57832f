import { useCallback, useSyncExternalStore } from 'react';

export type Settled<T> =
  { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

const pending: Settled<never> = { status: 'pending' };
const states = new WeakMap<Promise<unknown>, Settled<unknown>>();
const waiting = new WeakMap<Promise<unknown>, Set<() => void>>();

/**
 * Records how `promise` settles, from now on, so a render that comes after it has settled reads it at once. Code
 * loads call this as they start; `usePromise` does it for anything else.
 */
export function track<T>(promise: Promise<T>): Promise<T> {
  if (states.has(promise)) return promise;
  states.set(promise, pending);
  const settle = (state: Settled<T>) => {
    states.set(promise, state);
    for (const notify of waiting.get(promise) ?? []) notify();
    waiting.delete(promise);
  };
  promise.then(
    (value) => settle({ status: 'fulfilled', value }),
    (reason: unknown) => settle({ status: 'rejected', reason }),
  );
  return promise;
}

/**
 * Where `promise` stands, re-rendering when it settles. Not Suspense, on purpose (issue 22's profile): React 19
 * holds back the reveal of a suspended boundary until 300 ms after a fallback last appeared or went
 * (FALLBACK_THROTTLE_MS), so every screen whose code came from cache waited ~300 ms idle before it showed, and
 * started its reads only then. A store update is committed at once.
 */
export function usePromise<T>(promise: Promise<T>): Settled<T> {
  track(promise);
  const subscribe = useCallback(
    (notify: () => void) => {
      const listeners = waiting.get(promise) ?? new Set();
      listeners.add(notify);
      waiting.set(promise, listeners);
      return () => listeners.delete(notify);
    },
    [promise],
  );
  const snapshot = () => (states.get(promise) ?? pending) as Settled<T>;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
