import { demoAccount, demoProductId } from '@app/demo-fixtures';

const buyer = (email: string) => {
  const account = demoAccount(email);
  return { userId: account.id, email: account.email };
};

const product = (name: string) => ({ productId: demoProductId(name), name });

/**
 * A demo customer's checkout, paid through the real use cases with the Sandbox's test cards; `cards` are tried
 * in order, as a customer retrying after a decline would. Fixed payment ids make the seed idempotent.
 */
export interface DemoPurchase {
  paymentId: string;
  buyer: { userId: string; email: string };
  product: { productId: string; name: string };
  cards: readonly string[];
}

/** Stripe's public test numbers: they stand for no real card. */
const succeeds = '4242 4242 4242 4242';
const declined = '4000 0000 0000 0002';

/**
 * The demo tenants' active subscriptions (tenancy's demo data), paid: tenancy leaves an active subscription as
 * it is and counts each paid invoice into its tenant's totalSpent.
 */
export const demoPurchases: readonly DemoPurchase[] = [
  {
    paymentId: '019a0000-0000-7000-8000-00000000d001',
    buyer: buyer('casey@demo.local'),
    product: product('Insight Analytics'),
    cards: [succeeds],
  },
  {
    paymentId: '019a0000-0000-7000-8000-00000000d002',
    buyer: buyer('jordan@demo.local'),
    product: product('Identity Verify'),
    cards: [declined, succeeds],
  },
  {
    paymentId: '019a0000-0000-7000-8000-00000000d003',
    buyer: buyer('jordan@demo.local'),
    product: product('Risk Scoring Engine'),
    cards: [succeeds],
  },
];
