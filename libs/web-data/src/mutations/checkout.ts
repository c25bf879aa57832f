import type { CreatePaymentIntentBody, PaymentIntentReply, SandboxConfirmBody } from '@app/contracts';
import { useMutation } from '@app/query';
import { queryKeys } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { bodyMutation } from './write-mutation.js';

/** POST /api/create-payment-intent: amount is the shown base price; the server prices from the catalogue. */
export function createPaymentIntentMutation() {
  return bodyMutation<PaymentIntentReply, CreatePaymentIntentBody>('POST', '/api/create-payment-intent');
}

/**
 * POST /api/billing/sandbox/confirm: the Sandbox provider's card confirmation. It answers once billing has the
 * payment; the subscription and invoice reach the customer's lists through other services shortly after, so
 * the lists are refreshed here and the checkout screen decides whether to wait for the new entries.
 */
export function confirmSandboxPaymentMutation() {
  return bodyMutation<{ status: 'succeeded' }, SandboxConfirmBody>(
    'POST',
    '/api/billing/sandbox/confirm',
    (client) => invalidate(client, queryKeys.subscriptions, queryKeys.invoices),
  );
}

export function useCreatePaymentIntent() {
  return useMutation(createPaymentIntentMutation());
}

export function useConfirmSandboxPayment() {
  return useMutation(confirmSandboxPaymentMutation());
}
