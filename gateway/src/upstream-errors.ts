import { problemType, type ProblemInit } from '@app/service-kit';
import { PayloadTooLargeError } from './body-limit.js';

/** Codes that mean the service could not be reached at all: it is down, not misbehaving. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);

const timeoutCodes = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
]);

/**
 * Maps what @fastify/reply-from reports (its own error wrapping the transport error as `cause`) to the answer the
 * browser gets. reply-from answers 500 for a refused connection by default (TOOLCHAIN.md); a gateway must say 503.
 */
export function classifyUpstreamError(error: unknown, serviceLabel: string): ProblemInit {
  const chain = causeChain(error);
  const tooLarge = chain.find((e) => e instanceof PayloadTooLargeError);
  if (tooLarge !== undefined) {
    return {
      status: 413,
      type: problemType('body-too-large'),
      detail: (tooLarge as PayloadTooLargeError).message,
    };
  }
  const codes = chain.map(errorCode);
  if (codes.some((code) => code !== undefined && timeoutCodes.has(code))) {
    return {
      status: 504,
      type: problemType('upstream-timeout'),
      detail: `${serviceLabel} did not respond in time.`,
    };
  }
  if (codes.some((code) => code !== undefined && unreachableCodes.has(code))) {
    return {
      status: 503,
      type: problemType('service-unavailable'),
      detail: `${serviceLabel} is unavailable.`,
    };
  }
  return { status: 502, type: problemType('bad-gateway'), detail: `${serviceLabel} failed to answer.` };
}

/** "catalog" → "Catalog service", the wording of the problem details. */
export function serviceLabel(service: string): string {
  return `${service.charAt(0).toUpperCase()}${service.slice(1)} service`;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 5 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
