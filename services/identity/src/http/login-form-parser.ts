import { printableFieldName } from '@app/contracts';
import { HttpProblem, problemType } from '@app/service-kit';

/** A parsed form: one string per field, or every value of a field sent more than once. */
export type FormFields = Record<string, string | string[]>;

/**
 * The sign-in pages' form bodies (application/x-www-form-urlencoded), decoded strictly: a browser percent-encodes
 * every field as UTF-8, so an escape that is malformed or does not decode to Unicode text (a lone surrogate sent
 * as its three bytes, a stray `%FF`) comes only from a hand-made request, and is refused with a 400 problem
 * naming the field, the same answer as unstorable text gets from service-kit's text guard. A lenient parser
 * would keep such an escape as literal text instead. Null-prototype result, so a field named `__proto__` is only
 * a field.
 */
export function parseLoginForm(body: string): FormFields {
  const fields = Object.create(null) as FormFields;
  const malformed: string[] = [];
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const name = decodeFormText(rawName);
    const value = decodeFormText(separator === -1 ? '' : pair.slice(separator + 1));
    if (name === null || value === null) {
      malformed.push(printableFieldName(name ?? rawName));
      continue;
    }
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  if (malformed.length > 0) {
    throw new HttpProblem(
      400,
      `The form field "${malformed[0]}" is not valid text. Remove what cannot be typed and try again.`,
      {
        type: problemType('unstorable-text'),
        errors: malformed.map((path) => ({ path, message: 'Not valid text' })),
      },
    );
  }
  return fields;
}

/** `+` is a space and escapes are UTF-8 (WHATWG URL standard); null when an escape is not valid UTF-8. */
function decodeFormText(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    return null;
  }
}
