import { randomUUID } from 'node:crypto';

/**
 * A prefix unique to one test, for NATS stream names and subjects, so runs and files sharing one server never
 * read each other's messages. Stream names allow only [A-Za-z0-9_-]; subjects take it as their first token.
 */
export function uniquePrefix(label = 't'): string {
  return `${label}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}
