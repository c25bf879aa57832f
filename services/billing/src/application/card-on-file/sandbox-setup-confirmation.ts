import { NotFoundError } from '@app/domain';
import type { CommandOptions } from '@app/eventing';
import { cardSetupNotFound } from '../../domain/customer/decide.js';
import type { SetupOutcome } from '../../payments/payment-provider.js';
import { PaymentIntentUnexpectedStateError } from '../../payments/provider-errors.js';
import type { SandboxConfirmInput, SandboxProvider } from '../../payments/sandbox/sandbox-provider.js';
import { setupIdOf } from '../../payments/sandbox/sandbox-secrets.js';
import type { CardSetupResult, CardSetups } from './card-setups.js';

/**
 * POST /api/billing/sandbox/confirm-setup's use case, as the checkout's Sandbox confirmation is for payments: the
 * setup the secret names must be the caller's (checked before the card is tried), then the Sandbox's verdict is
 * recorded exactly as Stripe's webhook for a SetupIntent would be.
 */
export function createSandboxSetupConfirmation(deps: { sandbox: SandboxProvider; cardSetups: CardSetups }) {
  const { sandbox, cardSetups } = deps;

  /**
   * A setup already confirmed at the Sandbox (billing stopped before recording it, or a concurrent confirmation
   * is recording it) is read back and recorded, so the customer's retry completes instead of being refused.
   */
  async function confirmOrRecover(
    input: SandboxConfirmInput,
    providerSetupId: string,
  ): Promise<SetupOutcome> {
    try {
      return await sandbox.confirmSetup(input);
    } catch (error) {
      if (!(error instanceof PaymentIntentUnexpectedStateError)) throw error;
      const recorded = await sandbox.retrieveSetupIntent(providerSetupId);
      if (recorded.status !== 'succeeded') throw error;
      return recorded;
    }
  }

  return {
    async confirm(
      userId: string,
      input: SandboxConfirmInput,
      options: CommandOptions,
    ): Promise<CardSetupResult> {
      const providerSetupId = setupIdOf(input.clientSecret);
      const metadata = providerSetupId === null ? null : await sandbox.setupMetadataOf(providerSetupId);
      if (providerSetupId === null || metadata === null || metadata.userId !== userId) {
        throw new NotFoundError(cardSetupNotFound);
      }
      const setup = await cardSetups.ownSetup(userId, metadata.setupId);
      if (setup.providerSetupId !== providerSetupId) throw new NotFoundError(cardSetupNotFound);
      if (setup.status === 'saved') return { status: 'succeeded', message: null, position: null };
      const outcome = await confirmOrRecover(input, providerSetupId);
      return cardSetups.settle(userId, metadata.setupId, outcome, options);
    },
  };
}

export type SandboxSetupConfirmation = ReturnType<typeof createSandboxSetupConfirmation>;
