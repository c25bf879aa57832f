import { ApiError, UnauthorizedError, parseProblem, type ApiErrorResponse } from './api-error.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one place the front end calls `fetch` (SPEC.md §7): credentials (the session cookie) always go along, and
 * a JSON content type is set only when there is a body. Paths are same-origin `/api/*`.
 */
export function request(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return fetch(path, init);
}

/** How a read turns a non-OK answer into an error message (SPEC.md §8 names a few page-specific ones). */
export type ErrorMessage = (response: ApiErrorResponse) => string | undefined;

export interface ReadOptions {
  /** `'null'` only for the current-user read: a 401 there means "signed out", not a failure. */
  onUnauthorized?: 'throw' | 'null';
  errorMessage?: ErrorMessage;
}

/** A data read: GET, JSON answer; a 401 throws `Unauthorized` unless told to answer null (SPEC.md §7). */
export async function readJson<T>(
  path: string,
  options: { onUnauthorized: 'null' } & ReadOptions,
): Promise<T | null>;
export async function readJson<T>(path: string, options?: ReadOptions): Promise<T>;
export async function readJson<T>(path: string, options: ReadOptions = {}): Promise<T | null> {
  const response = await request('GET', path);
  if (response.status === 401 && options.onUnauthorized === 'null') return null;
  if (!response.ok) throw await errorFrom(response, options.errorMessage);
  return (await response.json()) as T;
}

/** A data read whose headers matter too (a page's `Link`): GET, and a non-OK answer throws as `readJson`'s does. */
export async function readOk(path: string, errorMessage?: ErrorMessage): Promise<Response> {
  const response = await request('GET', path);
  if (!response.ok) throw await errorFrom(response, errorMessage);
  return response;
}

/** A write: any method with an optional JSON body; answers the parsed JSON, or undefined when there is none. */
export async function sendJson<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await request(method, path, body);
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

async function errorFrom(response: Response, errorMessage?: ErrorMessage): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const details: ApiErrorResponse = {
    status: response.status,
    statusText: response.statusText,
    text,
    problem: parseProblem(text, response.headers.get('content-type')),
  };
  const message = errorMessage?.(details);
  return response.status === 401 ? new UnauthorizedError(details, message) : new ApiError(details, message);
}
