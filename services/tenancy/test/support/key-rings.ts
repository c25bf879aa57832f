import { randomBytes } from 'node:crypto';

/** A fresh key ring text: `<id>:<base64 32 bytes>`, newest first. */
export function newKeyRingText(...ids: string[]): string {
  return ids.map((id) => `${id}:${randomBytes(32).toString('base64')}`).join(',');
}
