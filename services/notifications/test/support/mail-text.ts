import type { ReceivedMail } from './smtp-inbox.js';

/**
 * The raw message as text a test can search: quoted-printable soft breaks joined and its escapes decoded as the
 * UTF-8 bytes they are (an en dash is three of them).
 */
export function decodedMail(mail: ReceivedMail): string {
  const joined = mail.raw.replace(/=\r?\n/g, '');
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
