import { vi } from 'vitest';

export type Routes = Record<string, () => Response | Promise<Response>>;

/**
 * Replaces the global fetch for one test with answers by path; an unexpected path fails the test loudly. The
 * setup's `vi.unstubAllGlobals()` restores it.
 */
export function stubApi(routes: Routes) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      requested.push(path);
      const answer = routes[path];
      if (!answer) throw new Error(`unexpected request to ${path}`);
      return answer();
    }),
  );
  return { requested };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** A read that never answers, to look at a loading state. */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}
