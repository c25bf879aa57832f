import { demoProducts } from '@app/catalog/demo-products';
import { demoAccounts } from '@app/identity/demo-accounts';

const buyer = (email: string) => {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return { userId: account.id, email: account.email };
};

/** A demo catalogue product's fixed id, by name; a renamed demo product fails here rather than at start. */
const product = (name: string) => {
  const found = demoProducts.find(({ body }) => body.name === name);
  if (!found) throw new Error(`The demo catalogue has no product named ${name}`);
  return { productId: found.id, name };
};

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
