/**
 * Why an outbound request failed. `retryable` marks the failures a later attempt may fix (network, timeout, 5xx,
 * 429); a refusal, an oversized answer or a 4xx will not change. `http-status` is the caller's to raise: the
 * request itself returns any status it gets.
 */
export type OutboundFailureKind =
  'refused' | 'timeout' | 'network' | 'too-large' | 'redirect' | 'http-status';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    message: string,
    readonly retryable = false,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export function refused(reason: string): OutboundError {
  return new OutboundError('refused', `Refused by the SSRF guard: ${reason}`);
}
