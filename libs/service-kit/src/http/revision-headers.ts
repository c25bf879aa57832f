import { ValidationError } from '@app/domain';

/** The ETag of an aggregate is its stream revision, quoted (RFC 9110 §8.8.3). */
export function etagOf(revision: number | 'no_stream'): string {
  return `"${revision === 'no_stream' ? -1 : revision}"`;
}

/** If-Match carries the revision the client last saw; `*` or no header means "whatever is current". */
export function expectedRevisionFrom(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(ifMatch);
  if (!match?.[1]) {
    throw new ValidationError('If-Match must be an ETag this API returned, such as "3"', [
      { path: 'headers.if-match', message: 'Expected a quoted revision number' },
    ]);
  }
  return Number(match[1]);
}
