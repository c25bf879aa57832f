export { classifyAddress, type AddressVerdict } from './address-policy.js';
export {
  checkHostName,
  checkUrlShape,
  effectivePort,
  isAllowListed,
  normalizeHost,
  type TargetVerdict,
} from './target-policy.js';
export {
  createSsrfGuard,
  systemResolver,
  type CheckedTarget,
  type ResolvedAddress,
  type Resolver,
  type SsrfGuard,
} from './ssrf-guard.js';
export {
  guardedGet,
  guardedRequest,
  type GuardedGetOptions,
  type GuardedRequestOptions,
  type GuardedResponse,
} from './guarded-request.js';
export { OutboundError, refused, type OutboundFailureKind } from './outbound-error.js';
