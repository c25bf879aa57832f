import type { CreatePaymentIntentBody, PaymentIntentReply, SandboxConfirmBody } from '@app/contracts';
import { mutationOptions, useMutation } from '@app/query';
import { sendJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { invalidate } from './invalidate.js';

/** POST /api/create-payment-intent: amount is the shown base price; the server prices from the catalogue. */
export function createPaymentIntentMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/create-payment-intent'],
    mutationFn: (body: CreatePaymentIntentBody) =>
      sendJson<PaymentIntentReply>('POST', '/api/create-payment-intent', body),
  });
}

/**
 * POST /api/billing/sandbox/confirm: the Sandbox provider's card confirmation. It answers once billing has the
 * payment; the subscription and invoice reach the customer's lists through other services shortly after, so
 * the lists are refreshed here and the checkout screen decides whether to wait for the new entries.
 */
export function confirmSandboxPaymentMutation() {
  return mutationOptions({
    mutationKey: ['POST', '/api/billing/sandbox/confirm'],
    mutationFn: (body: SandboxConfirmBody) =>
      sendJson<{ status: 'succeeded' }>('POST', '/api/billing/sandbox/confirm', body),
    onSuccess: (_reply, _body, _result, { client }) =>
      invalidate(client, queryKeys.subscriptions, queryKeys.invoices),
  });
}

export function useCreatePaymentIntent() {
  return useMutation(createPaymentIntentMutation());
}

export function useConfirmSandboxPayment() {
  return useMutation(confirmSandboxPaymentMutation());
}
