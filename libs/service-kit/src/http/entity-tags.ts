import { createHash } from 'node:crypto';

/**
 * The validator of an answer's exact bytes: a digest, so equal bytes give equal tags on every replica and after
 * every restart. Weak (RFC 9110 §8.8.1) because the gateway may send the same answer gzip, brotli or as it is,
 * and a strong tag would have to differ per encoding; If-None-Match compares weakly anyway.
 */
export function contentEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The same tag, weak: how a strong tag describes an answer whose bytes an encoding changed (as nginx does). */
export function weakEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

/**
 * RFC 9110 §13.1.2: does If-None-Match name `etag`? `*` names any current representation; otherwise the field is
 * a list of entity tags compared weakly (W/ ignored on both sides). A malformed field names nothing, so the
 * answer is sent whole rather than a 304 being guessed from it.
 */
export function ifNoneMatchNames(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  if (field.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  return wanted !== null && (entityTags(field)?.includes(wanted) ?? false);
}

/**
 * The opaque tags of a comma-separated entity-tag list (commas may appear inside the quotes; empty elements are
 * allowed, RFC 9110 §5.6.1), or null when it is malformed. Sticky matching walks the field once: it is the
 * client's, up to Node's header limit, and read on every conditional GET.
 */
function entityTags(field: string): string[] | null {
  const element = /[\s,]*(?:W\/)?("[^"]*")\s*(?:,|$)/y;
  const tags: string[] = [];
  for (;;) {
    const from = element.lastIndex;
    const match = element.exec(field);
    if (match?.[1] === undefined) return /^[\s,]*$/.test(field.slice(from)) ? tags : null;
    tags.push(match[1]);
  }
}

function opaqueTag(etag: string): string | null {
  return /^(?:W\/)?("[^"]*")$/.exec(etag)?.[1] ?? null;
}
