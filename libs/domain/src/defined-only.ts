/**
 * The fields of a partial change that are set: `undefined` means "keep", so spreading the result over the current
 * value changes only those (`{ ...current, ...definedOnly(changes) }`), while `null` still clears a field.
 */
export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
