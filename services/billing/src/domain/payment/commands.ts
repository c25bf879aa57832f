import type { PaymentCreated, PaymentKind } from './events.js';
import type { PaymentOutcome } from '../../payments/payment-provider.js';
import type { StoredCard } from '../stored-card.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/** A payment intent was made at the provider for the catalogue's price; this records it. */
export interface CreatePayment {
  type: 'CreatePayment';
  data: Omit<PaymentCreated['data'], 'createdAt'>;
  metadata: CommandMetadata;
}

/** The provider confirmed the payment (Sandbox confirmation or a signed webhook), never the browser. */
export interface RecordPaymentSuccess {
  type: 'RecordPaymentSuccess';
  data: {
    paymentId: string;
    providerPaymentId: string;
    paymentMethodId: string | null;
    card: StoredCard | null;
  };
  metadata: CommandMetadata;
}

/** The provider declined one attempt, in its own code and words. */
export interface RecordPaymentFailure {
  type: 'RecordPaymentFailure';
  data: {
    paymentId: string;
    providerPaymentId: string;
    code: string;
    declineCode: string | null;
    message: string;
  };
  metadata: CommandMetadata;
}

/**
 * An off-session charge (a renewal's, or an upgrade's prorated difference), which the provider decided when it was
 * made: the payment and its outcome are recorded together. Its id names one charge, so recording it again adds
 * nothing.
 */
export interface RecordOffSessionCharge {
  type: 'RecordOffSessionCharge';
  data: Omit<PaymentCreated['data'], 'createdAt' | 'kind' | 'providerPaymentId'> & {
    kind: Exclude<PaymentKind, 'checkout'>;
    invoiceId: string;
    outcome: PaymentOutcome;
  };
  metadata: CommandMetadata;
}

export type PaymentCommand =
  CreatePayment | RecordPaymentSuccess | RecordPaymentFailure | RecordOffSessionCharge;
