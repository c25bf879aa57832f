import type { ProviderName } from '../../payments/payment-provider.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/** Records the customer the provider made (or returned again) for this buyer. */
export interface CreateCustomer {
  type: 'CreateCustomer';
  data: { userId: string; provider: ProviderName; providerCustomerId: string };
  metadata: CommandMetadata;
}

export type CustomerCommand = CreateCustomer;
