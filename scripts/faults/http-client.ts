/**
 * One request through the gateway as a browser client sends it (session cookie, same-origin `Origin` for the
 * gateway's CSRF check, JSON or form body), answered as a plain record: a refusal, a timeout or a refused
 * connection is an outcome to count, never an exception.
 */
export interface ApiRequest {
  method: string;
  /** Path and query, e.g. `/api/admin/products`. */
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ApiReply {
  /** The HTTP status, or what stopped the request from getting one. */
  status: number | 'timeout' | 'connection-failed';
  contentType: string;
  headers: Headers;
  text: string;
  durationMs: number;
  /** The underlying error's message when there is no status. */
  error?: string;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** `sid=…` once signed in; sent with every request. */
  cookie: string | undefined;
  send(request: ApiRequest): Promise<ApiReply>;
}

export function createApiClient(baseUrl: string, timeoutMs: number, cookie?: string): ApiClient {
  const client: ApiClient = {
    baseUrl,
    cookie,
    async send(request) {
      const headers: Record<string, string> = { origin: baseUrl, ...request.headers };
      if (client.cookie) headers.cookie = client.cookie;
      let body: string | undefined;
      if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      }
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          headers: response.headers,
          text,
          durationMs: performance.now() - started,
        };
      } catch (error) {
        const name = (error as Error).name;
        return {
          status: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection-failed',
          contentType: '',
          headers: new Headers(),
          text: '',
          durationMs: performance.now() - started,
          error: describeError(error),
        };
      }
    },
  };
  return client;
}

/** fetch wraps the socket error in `cause`; that is the part worth printing (ECONNREFUSED, ECONNRESET). */
function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** The reply's body as JSON, or undefined when it is not JSON. */
export function jsonOf<T>(reply: ApiReply): T | undefined {
  if (!reply.contentType.includes('json')) return undefined;
  try {
    return JSON.parse(reply.text) as T;
  } catch {
    return undefined;
  }
}

/** The session cookie (`sid=…`) a sign-in answer sets, if any. */
export function sessionCookieOf(reply: ApiReply): string | undefined {
  const setCookie = reply.headers.get('set-cookie');
  const pair = setCookie?.split(';')[0];
  return pair?.startsWith('sid=') && pair.length > 4 ? pair : undefined;
}
