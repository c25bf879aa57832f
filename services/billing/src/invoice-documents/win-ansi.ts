/** The characters of Windows-1252's 0x80-0x9F block; the rest of it is Latin-1 (U+0020-U+00FF). */
const windows1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/**
 * `text` as PDF's standard fonts can draw it: they encode Windows-1252 only (Latin letters with their accents,
 * digits, the usual punctuation), and anything else would print as garbage, so it prints as "?" instead.
 * Whitespace of other kinds becomes a space.
 */
export function drawableText(text: string): string {
  let drawable = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (/\s/u.test(character)) drawable += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) drawable += character;
    else if (windows1252Extras.includes(character)) drawable += character;
    else drawable += '?';
  }
  return drawable;
}
