import type { CardSetupReply, CardSetupStatus, SandboxSetupConfirmBody } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { bodyMutation, withOutcome, writeMutation, type WriteOutcome } from './write-mutation.js';

/** A saved card changes the card on file the billing screen shows. */
const refreshCard = (client: QueryClient) => invalidate(client, queryKeys.paymentMethod);

/** POST /api/billing/payment-method/setups: a card change at the provider; its client secret confirms the card. */
export function startCardSetupMutation() {
  return writeMutation<CardSetupReply, void>('POST', '/api/billing/payment-method/setups', () => ({
    path: '/api/billing/payment-method/setups',
  }));
}

/** POST /api/billing/sandbox/confirm-setup: the Sandbox's card form; a decline is an ApiError with its words. */
export function confirmSandboxSetupMutation() {
  return bodyMutation<{ status: 'succeeded' }, SandboxSetupConfirmBody>(
    'POST',
    '/api/billing/sandbox/confirm-setup',
    refreshCard,
  );
}

/** POST …/setups/{setupId}/complete: after Stripe.js confirmed the card, billing records Stripe's answer. */
export function completeCardSetupMutation() {
  return writeMutation<CardSetupStatus, string>(
    'POST',
    '/api/billing/payment-method/setups/{setupId}/complete',
    (setupId) => ({ path: `/api/billing/payment-method/setups/${segment(setupId)}/complete` }),
    refreshCard,
  );
}

export function useStartCardSetup() {
  return useMutation(startCardSetupMutation());
}

/** `outcome` runs even if the dialog that asked has closed by then (write-mutation.ts withOutcome). */
export function useConfirmSandboxSetup(outcome: WriteOutcome<{ status: 'succeeded' }> = {}) {
  return useMutation(withOutcome(confirmSandboxSetupMutation(), outcome));
}

export function useCompleteCardSetup(outcome: WriteOutcome<CardSetupStatus> = {}) {
  return useMutation(withOutcome(completeCardSetupMutation(), outcome));
}
