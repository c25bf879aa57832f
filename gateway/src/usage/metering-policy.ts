import type { Caller } from '../access.js';
import type { GatewayConfig } from '../config.js';
import type { UsageMeter } from './usage-meter.js';

/**
 * Which answered calls are billed usage (libs/contracts gateway/integration-events.ts): a customer's (role
 * `tenant`), counted against their account. Admins are platform staff, not billed, in a customer's view too;
 * visitors have no account.
 */
export function recordCustomerCall(meter: UsageMeter, caller: Caller): void {
  // An admin viewing as a customer (issue 21) is staff looking, not the customer's use.
  if (caller.role === 'tenant' && caller.actor === undefined) meter.record(caller.userId);
}

/** Why metering is off, for one line at startup; null when it is on. */
export function usageMeteringOffReason(
  config: Pick<GatewayConfig, 'USAGE_METERING' | 'NATS_URL'>,
): string | null {
  if (config.USAGE_METERING === 'off') return 'USAGE_METERING=off';
  if (!config.NATS_URL) return 'NATS_URL is not set, so there is nowhere to publish usage';
  return null;
}
