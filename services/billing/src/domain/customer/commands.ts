import type { ProviderName, SetupOutcome } from '../../payments/payment-provider.js';

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

/** A SetupIntent was opened at the provider for this buyer's new card; this records it as theirs. */
export interface StartCardSetup {
  type: 'StartCardSetup';
  data: { setupId: string; provider: ProviderName; providerSetupId: string; providerCustomerId: string };
  metadata: CommandMetadata;
}

/** The provider's verdict on a setup (Sandbox confirmation, Stripe webhook or a retrieval), never the browser's. */
export interface RecordCardSetupOutcome {
  type: 'RecordCardSetupOutcome';
  data: { setupId: string; outcome: SetupOutcome };
  metadata: CommandMetadata;
}

export type CustomerCommand = CreateCustomer | StartCardSetup | RecordCardSetupOutcome;
