import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: one-time links (`token`), API keys, OIDC authorization codes. */
const secretQueryParameter = /([?&][^=&#]*(?:token|key|secret|password|code)[^=&#]*=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQueryParameter, '$1[Redacted]');
}

/**
 * Fastify's request log shape with the URL's secret query values censored: a password-setup link or an OIDC
 * callback must not leave its token in every proxy and service log line.
 */
export function serializeRequest(request: unknown) {
  // Code that logs its own `req` object (not Fastify's request) keeps it as it is; redaction still applies.
  if (!isFastifyRequest(request)) return request;
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function isFastifyRequest(value: unknown): value is FastifyRequest {
  return typeof value === 'object' && value !== null && 'raw' in value && 'routeOptions' in value;
}
