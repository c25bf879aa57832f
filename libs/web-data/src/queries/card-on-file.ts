import type { PaymentMethodReply } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

/** The signed-in customer's card on file, and whether it runs out before their next renewal (issue 19). */
export function paymentMethodQuery() {
  return queryOptions({
    queryKey: queryKeys.paymentMethod,
    queryFn: () => readJson<PaymentMethodReply>('/api/billing/payment-method'),
  });
}

export function usePaymentMethod() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...paymentMethodQuery(), enabled: isAuthenticated });
}
