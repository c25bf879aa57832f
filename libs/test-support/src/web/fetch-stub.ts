import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Answers by `"METHOD /path"` or, for any method, by `"/path"` (the path with its query string, as requested). A
 * key ending in `?*` (`"GET /api/products?*"`) answers that path with any query string, for a paged list whose
 * next pages carry cursors; an exact key wins over it.
 */
export type Routes = Record<string, Responder>;

/** Replaces the global fetch for one test; the DOM setup's `vi.unstubAllGlobals()` restores it. */
export function stubFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (url: string, method?: string) =>
      calls.filter((call) => call.url === url && (method === undefined || call.method === method)),
    /** The JSON bodies sent to `method url`, in order. */
    bodiesSentTo: (method: string, url: string) =>
      calls
        .filter((call) => call.url === url && call.method === method)
        .map((call) => (call.body === undefined ? undefined : (JSON.parse(call.body) as unknown))),
  };
}

/** Answers by path; a request nobody expected fails the test loudly, naming it. */
export function stubApi(routes: Routes) {
  return stubFetch((call) => {
    const path = call.url.split('?')[0] ?? call.url;
    const answer =
      routes[`${call.method} ${call.url}`] ??
      routes[call.url] ??
      routes[`${call.method} ${path}?*`] ??
      routes[`${path}?*`];
    if (!answer) throw new Error(`unexpected request: ${call.method} ${call.url}`);
    return answer(call);
  });
}

export function json(body: unknown, init: number | ResponseInit = {}): Response {
  const options = typeof init === 'number' ? { status: init } : init;
  return new Response(JSON.stringify(body), {
    status: 200,
    ...options,
    headers: { 'content-type': 'application/json; charset=utf-8', ...options.headers },
  });
}

/** An RFC 9457 problem as the services answer one; `errors` names the fields to fix. */
export function problem(
  status: number,
  detail: string,
  errors?: { path: string; message: string }[],
): Response {
  const body = { type: 'about:blank', title: 'Problem', status, detail, ...(errors ? { errors } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  });
}

/** A request that never answers, to look at a loading state. */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}
