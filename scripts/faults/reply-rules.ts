import type { ApiReply } from './http-client.js';

/**
 * What a client may see from a write under load: success, or a refusal that tells it
 * what to do next: 409 (conflict, reload), 412 (stale If-Match), 429 (slow down) or 503 (retry later). Anything
 * else, a 500 or 504, a timeout or a dropped connection, is a failure of the platform.
 */
export const acceptedRefusals: ReadonlySet<number> = new Set([409, 412, 429, 503]);

/** RFC 9457: a problem document has its media type and at least `type`, `title` and `status`. */
export function isProblemDocument(reply: ApiReply): boolean {
  if (!reply.contentType.startsWith('application/problem+json')) return false;
  try {
    const body = JSON.parse(reply.text) as Record<string, unknown>;
    return typeof body.type === 'string' && typeof body.title === 'string' && body.status === reply.status;
  } catch {
    return false;
  }
}

export type Verdict = 'success' | 'refused' | 'failed';

/**
 * `success` lists the statuses that mean the write was done (form posts answer 303). The sign-in forms are
 * browser navigations (SPEC.md §2): they answer their own refusals with the HTML page, so for them an HTML 429
 * counts as a refusal too.
 */
export function judgeReply(
  reply: ApiReply,
  success: readonly number[],
  options: { htmlRefusals?: boolean } = {},
): Verdict {
  if (typeof reply.status !== 'number') return 'failed';
  if (success.includes(reply.status)) return 'success';
  if (!acceptedRefusals.has(reply.status)) return 'failed';
  if (isProblemDocument(reply)) return 'refused';
  const htmlPage = reply.contentType.startsWith('text/html');
  return options.htmlRefusals === true && htmlPage && reply.status === 429 ? 'refused' : 'failed';
}

/** `503 urn:problem:unavailable`, `504`, `timeout`: how a reply is counted in the tables. */
export function replyLabel(reply: ApiReply): string {
  if (typeof reply.status !== 'number') return reply.status;
  if (!reply.contentType.includes('json')) return String(reply.status);
  try {
    const type = (JSON.parse(reply.text) as { type?: unknown }).type;
    return typeof type === 'string' && reply.status >= 400 ? `${reply.status} ${type}` : String(reply.status);
  } catch {
    return String(reply.status);
  }
}

/** A short line of evidence: status, type and detail of a problem, or the start of the body. */
export function replyEvidence(reply: ApiReply): string {
  if (typeof reply.status !== 'number') {
    return `${reply.status} after ${Math.round(reply.durationMs)} ms (${reply.error ?? 'no answer'})`;
  }
  const body = reply.text.replace(/\s+/g, ' ').slice(0, 300);
  return `${reply.status} ${reply.contentType.split(';')[0]} after ${Math.round(reply.durationMs)} ms: ${body}`;
}
