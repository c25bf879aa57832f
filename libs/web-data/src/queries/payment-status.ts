import type { PaymentStatusReply } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryState } from '@app/query';
import { readJson } from '../http.js';
import { invalidate } from '../mutations/invalidate.js';
import { queryKeys, segment } from '../query-keys.js';

/** Polled about once a second, for about 30 seconds: Stripe's webhook normally reaches billing within a few. */
export const paymentStatusPollIntervalMs = 1_000;
export const paymentStatusMaxPolls = 30;

/**
 * GET /api/billing/payments/{paymentIntentId}: whether billing has recorded a payment the provider confirmed to
 * the page. Once it has, the customer's subscriptions and invoices are refreshed before the answer arrives, so a
 * success view leads onto lists that already show the purchase.
 */
export function paymentStatusQuery(paymentIntentId: string) {
  return queryOptions({
    queryKey: queryKeys.paymentStatus(paymentIntentId),
    queryFn: async ({ client }) => {
      const reply = await readJson<PaymentStatusReply>(`/api/billing/payments/${segment(paymentIntentId)}`);
      if (reply.status === 'succeeded') await invalidate(client, queryKeys.subscriptions, queryKeys.invoices);
      return reply;
    },
  });
}

type PaymentStatusState = QueryState<PaymentStatusReply, Error> | undefined;

/** Still waiting for billing and polls left: poll again. */
export function keepPolling(state: PaymentStatusState): boolean {
  return state?.data?.status === 'pending' && state.dataUpdateCount < paymentStatusMaxPolls;
}

/** Every poll answered pending: billing has not heard from the provider in time. */
export function pollingGaveUp(state: PaymentStatusState): boolean {
  return state?.data?.status === 'pending' && state.dataUpdateCount >= paymentStatusMaxPolls;
}

/**
 * Polls a payment's status from the moment the page has its id (null: not yet) until it is settled or the
 * polls run out; `gaveUp` says the latter.
 */
export function usePaymentStatus(paymentIntentId: string | null) {
  const client = useQueryClient();
  const options = paymentStatusQuery(paymentIntentId ?? '');
  const query = useQuery({
    ...options,
    enabled: paymentIntentId !== null,
    refetchInterval: (current) => (keepPolling(current.state) ? paymentStatusPollIntervalMs : false),
  });
  const gaveUp = paymentIntentId !== null && pollingGaveUp(client.getQueryState(options.queryKey));
  return { ...query, gaveUp };
}
