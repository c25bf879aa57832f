/**
 * Text that PostgreSQL can store. Its `text` and `jsonb` types refuse U+0000, and a UTF-16 surrogate
 * without its partner is not Unicode text at all: `jsonb` refuses its `\ud800` escape, and node-postgres would
 * quietly store U+FFFD in its place. Every service refuses such text at the edge with this one rule
 * (service-kit's text guard), so it never reaches an event, a read model or a lookup.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !loneSurrogate.test(text);
}

/** With the `u` flag a well-formed pair is one code point, so only a surrogate without its partner matches. */
const loneSurrogate = /\p{Cs}/u;

/** The field message of such text; the front end shows it beside the field the path names. */
export const unstorableTextMessage =
  'Contains a character that cannot be saved (a null character or half of a surrogate pair)';

/** At most this many fields are reported: the answer must not grow with a hostile body. */
export const maxUnstorableTextPaths = 10;

/**
 * The paths (`name`, `features.2`, `''` for `value` itself) of every string in a JSON-shaped value (a parsed
 * body, query or route params) that fails `isStorableText`, object keys included, up to
 * `maxUnstorableTextPaths`. Only plain objects and arrays are entered (a stream or a buffer is not text), and
 * the walk is iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string[] {
  const found: string[] = [];
  const pending: Visit[] = [{ value, at: null }];
  while (pending.length > 0 && found.length < maxUnstorableTextPaths) {
    const { value: current, at } = pending.pop() as Visit;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(pathOf(at));
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, at: { key: String(index), parent: at } }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const step = { key: printableFieldName(key), parent: at };
        if (isStorableText(key)) pending.push({ value: item, at: step });
        else found.push(pathOf(step));
      }
    }
  }
  return found.slice(0, maxUnstorableTextPaths).sort();
}

/** A path kept as a chain to its parent, spelled out only for what is reported. */
interface Step {
  key: string;
  parent: Step | null;
}

interface Visit {
  value: unknown;
  at: Step | null;
}

function pathOf(step: Step | null): string {
  const keys: string[] = [];
  for (let current = step; current !== null; current = current.parent) keys.push(current.key);
  return keys.reverse().join('.');
}

/**
 * A dictionary of data: a plain object, a null-prototype one, or an instance of a null-prototype dictionary
 * class (the router's params and the query-string parser's results are). Streams, buffers and maps are not.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Longer names are cut, so a hostile one is not echoed back whole. */
const maxNameLength = 64;

/**
 * A field or parameter name as an answer may show it: unstorable characters replaced by U+FFFD and cut after
 * 64 code points (never inside a surrogate pair).
 */
export function printableFieldName(name: string): string {
  const printable = isStorableText(name) ? name : name.replace(/\0|\p{Cs}/gu, '\ufffd');
  if (printable.length <= maxNameLength) return printable;
  const codePoints = [...printable];
  return codePoints.length > maxNameLength ? `${codePoints.slice(0, maxNameLength).join('')}…` : printable;
}
