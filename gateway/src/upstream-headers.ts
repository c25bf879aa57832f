import type { IncomingHttpHeaders } from 'node:http';
import { context, propagation } from '@opentelemetry/api';

export const identityTokenHeader = 'x-identity-token';

/** RFC 9110 §7.6.1 hop-by-hop headers: they describe one connection and never travel further. */
const hopByHop = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

export interface ForwardContext {
  requestId: string;
  /** Signed for the known caller, or for a visitor with no caller. */
  identityToken: string;
  clientIp: string;
  protocol: string;
  host: string | undefined;
}

/**
 * The headers a service receives. `headers` is the client's set as @fastify/reply-from prepared it (Host already
 * points at the service, Connection-listed headers removed). A client's own identity token is never trusted: the
 * gateway's signed one replaces it. Incoming `traceparent`/`tracestate` pass through; when
 * telemetry is on, the active propagator replaces them with the gateway span's context, keeping one trace.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  forward: ForwardContext,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  for (const name of hopByHop) delete out[name];
  out[identityTokenHeader] = forward.identityToken;

  out['x-request-id'] = forward.requestId;
  const priorFor = headers['x-forwarded-for'];
  out['x-forwarded-for'] = priorFor ? `${String(priorFor)}, ${forward.clientIp}` : forward.clientIp;
  out['x-forwarded-proto'] = forward.protocol;
  if (forward.host !== undefined) out['x-forwarded-host'] = forward.host;

  propagation.inject(context.active(), out, {
    set: (carrier, key, value) => {
      carrier[key] = value;
    },
  });
  return out;
}

/** Upstream answers pass through unchanged except for hop-by-hop headers, which belong to that connection. */
export function downstreamResponseHeaders<T extends Record<string, unknown>>(headers: T): T {
  const out = { ...headers };
  for (const name of hopByHop) delete out[name];
  return out;
}
