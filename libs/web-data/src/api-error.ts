import type { Problem } from '@app/contracts';

/**
 * A non-OK answer from `/api/*` (SPEC.md §8). The message keeps the spec's format, `"{status}: {text}"` (or the
 * status text when the body is empty); the parsed RFC 9457 body rides along so screens can show its `detail`
 * as a toast description and map `errors` onto form fields (ARCHITECTURE.md "Decisions": Errors).
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The response body as text, empty when there was none. */
  readonly text: string;
  readonly problem: Problem | undefined;

  constructor(response: ApiErrorResponse, message = standardErrorMessage(response)) {
    super(message);
    this.status = response.status;
    this.statusText = response.statusText;
    this.text = response.text;
    this.problem = response.problem;
  }
}

/** A 401 from a data read (SPEC.md §7): the caller is not signed in, or no longer. */
export class UnauthorizedError extends ApiError {
  override readonly name = 'Unauthorized';
}

export interface ApiErrorResponse {
  status: number;
  statusText: string;
  text: string;
  problem: Problem | undefined;
}

export function standardErrorMessage({ status, statusText, text }: ApiErrorResponse): string {
  return `${status}: ${text || statusText}`;
}

export function isUnauthorizedError(error: unknown): error is UnauthorizedError {
  return error instanceof UnauthorizedError;
}

/**
 * What a destructive toast shows under its title (SPEC.md §8 "the server's error message as description"): the
 * problem's `detail`, else the plain body text, else the error's own message (a network failure, say).
 */
export function errorDescription(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.problem) return error.problem.detail;
    if (error.text && !looksLikeJson(error.text)) return error.text;
    return error.statusText || error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The field messages of a 400 problem, keyed by the field's path (`features.2`, `basePrice`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.problem?.errors) return {};
  return Object.fromEntries(error.problem.errors.map(({ path, message }) => [path, message]));
}

export function parseProblem(text: string, contentType: string | null): Problem | undefined {
  if (!contentType || !/^application\/(problem\+)?json\b/i.test(contentType)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isProblem(body) ? body : undefined;
}

// A structural check, not the contracts' zod schema: the browser bundle stays free of zod's runtime.
function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return (
    typeof candidate.type === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.status === 'number' &&
    typeof candidate.detail === 'string' &&
    (candidate.errors === undefined ||
      (Array.isArray(candidate.errors) && candidate.errors.every(isFieldError)))
  );
}

function isFieldError(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const { path, message } = entry as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}
