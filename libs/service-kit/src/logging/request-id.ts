import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

/** What we accept from outside: short and log-safe, so a caller cannot inject lines or huge values. */
const acceptable = /^[a-zA-Z0-9\-_.]{1,128}$/;

/** Fastify `genReqId`: keeps the id the gateway (or any client) sent when it is well-formed, else a new UUID. */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && acceptable.test(incoming) ? incoming : randomUUID();
}
