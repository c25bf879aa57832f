import { QueryClientProvider, type QueryClient } from '@app/query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../src/index.js';

/** Renders a hook under a query client with the app's defaults; `remount` mounts a fresh consumer. */
export function renderQueryHook<Result>(hook: () => Result, client: QueryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(hook, { wrapper });
  return { client, ...rendered, remount: () => renderHook(hook, { wrapper }) };
}

/** Moves the fake clock and lets React Query's scheduled notifications and fetches run. */
export async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
