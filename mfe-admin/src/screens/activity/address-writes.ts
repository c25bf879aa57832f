/**
 * The addresses a screen has written but React may not have rendered yet. Renders commit late, in transitions,
 * and one can commit an address older than the last written (two changes in quick succession): such a commit is
 * the screen catching up, not a new address to start from. An address the screen never wrote (a link, Back, a
 * reload) is one: every later change starts from it.
 */
export interface AddressWrites {
  /** The address every next change starts from. */
  readonly latest: URLSearchParams;
  /** What was written and not yet seen committed, oldest first, as text. */
  readonly pending: readonly string[];
}

export function addressWrites(search: URLSearchParams): AddressWrites {
  return { latest: search, pending: [] };
}

export function written(writes: AddressWrites, next: URLSearchParams): AddressWrites {
  return { latest: next, pending: [...writes.pending, next.toString()] };
}

/**
 * `writes` once a render with `search` has committed. Its last occurrence counts: a render may skip to the newest
 * of several writes, and one that repeats an earlier address is the newest.
 */
export function committed(writes: AddressWrites, search: URLSearchParams): AddressWrites {
  const seen = writes.pending.lastIndexOf(search.toString());
  if (seen === -1) return addressWrites(search);
  return { latest: writes.latest, pending: writes.pending.slice(seen + 1) };
}
