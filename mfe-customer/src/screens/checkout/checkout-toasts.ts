import type { ToastInput } from '@app/ui';
import { ApiError, errorDescription } from '@app/web-data';

/** SPEC.md §8 "Checkout toasts", verbatim. */
export const checkoutToasts = {
  authenticationRequired: {
    title: 'Authentication Required',
    description: 'Please sign in to continue with your purchase.',
    variant: 'destructive',
  },
  productNotFound: {
    title: 'Product Not Found',
    description: 'The requested product could not be found.',
    variant: 'destructive',
  },
  loadingError: {
    title: 'Loading Error',
    description: 'Failed to load checkout. Please try again.',
    variant: 'destructive',
  },
  paymentError: {
    title: 'Payment Error',
    description: 'An unexpected error occurred. Please try again.',
    variant: 'destructive',
  },
  paymentSuccessful: { title: 'Payment Successful', description: 'Welcome to your new subscription!' },
} as const satisfies Record<string, ToastInput>;

export function paymentFailedToast(message: string): ToastInput {
  return { title: 'Payment Failed', description: message, variant: 'destructive' };
}

/**
 * A refused Sandbox confirmation: the server's 4xx carries the provider's words (402 "Your card was declined.")
 * and becomes Payment Failed; anything else (a 5xx, no network) is the unexpected Payment Error.
 */
export function sandboxFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.problem) {
    return paymentFailedToast(errorDescription(error));
  }
  return checkoutToasts.paymentError;
}
