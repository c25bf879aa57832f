import type { ReceivedMail } from './smtp-inbox.js';

/**
 * The raw message as text a test can search: folded headers (a long Subject) on one line, quoted-printable soft
 * breaks joined and its escapes decoded as the UTF-8 bytes they are (an en dash is three of them).
 */
export function decodedMail(mail: ReceivedMail): string {
  const headersEnd = mail.raw.search(/\r?\n\r?\n/);
  const headers = mail.raw.slice(0, headersEnd).replace(/\r?\n[ \t]+/g, ' ');
  const joined = headers + mail.raw.slice(headersEnd).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escape = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (escape?.[1]) {
      bytes.push(parseInt(escape[1], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined.charAt(index), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
