import { jsonOf } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { inBatches, listOf, sandboxCard } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import { checkoutProduct, takeIntents } from './soak-pools.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Checkouts through billing's Sandbox provider. `same`: every client on the account they share; `different`:
 * each on its own. The intents phase leaves its client secrets for the confirm phase.
 */
const accountOf = (context: SoakContext, aggregate: Aggregate, client: number) =>
  (aggregate === 'same' ? context.shared : context.customers[client]) as Account;

function intentPhase(aggregate: Aggregate) {
  return definePhase({
    aggregate,
    prepare: (context) => checkoutProduct(context),
    request: (product, client, _iteration, context) => ({
      method: 'POST',
      path: '/api/create-payment-intent',
      json: { amount: product.basePrice, productId: product.id },
      as: accountOf(context, aggregate, client).client,
    }),
    acknowledged(_product, client, _iteration, reply, context) {
      const secret = jsonOf<{ clientSecret: string }>(reply)?.clientSecret;
      const account = accountOf(context, aggregate, client);
      if (secret) context.intents.set(account.id, [...(context.intents.get(account.id) ?? []), secret]);
    },
  });
}

/**
 * Confirmations with Stripe's always-approved test card. `same`: all clients confirm the shared account's
 * intent number `iteration` at once, which is one payment however often it is confirmed; `different`: each
 * client its own intents. Either way each confirmed intent is one paid invoice.
 */
function confirmPhase(aggregate: Aggregate) {
  type Target = {
    secrets: Map<string, string[]>;
    invoicesBefore: Map<string, number>;
    confirmed: Set<string>;
  };
  const secretOf = (target: Target, account: Account, iteration: number) =>
    target.secrets.get(account.id)?.[iteration] as string;
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = aggregate === 'same' ? [context.shared] : context.customers.slice(0, plan.clients);
      // Made before the accounts are prepared side by side: they would otherwise race to make it.
      await checkoutProduct(context);
      const prepared = await inBatches(accounts, 8, async (account) => ({
        id: account.id,
        secrets: await takeIntents(context, account, plan.maxIterations),
        invoices: (await listOf(account.client, '/api/invoices')).length,
      }));
      return {
        secrets: new Map(prepared.map((account) => [account.id, account.secrets])),
        invoicesBefore: new Map(prepared.map((account) => [account.id, account.invoices])),
        confirmed: new Set(),
      };
    },
    request(target, client, iteration, context) {
      const account = accountOf(context, aggregate, client);
      return {
        method: 'POST',
        path: '/api/billing/sandbox/confirm',
        json: { clientSecret: secretOf(target, account, iteration), card: sandboxCard },
        as: account.client,
      };
    },
    acknowledged: (target, client, iteration, _reply, context) =>
      target.confirmed.add(secretOf(target, accountOf(context, aggregate, client), iteration)),
    async verify(target, _count, context) {
      const accounts =
        aggregate === 'same' ? [context.shared] : context.customers.slice(0, target.secrets.size);
      const problems = await inBatches(accounts, 8, async (account) => {
        const secrets = target.secrets.get(account.id) ?? [];
        const confirmed = secrets.filter((secret) => target.confirmed.has(secret)).length;
        const invoices = (await listOf(account.client, '/api/invoices')).length;
        const before = target.invoicesBefore.get(account.id) ?? 0;
        return invoices === before + confirmed
          ? []
          : [`${account.email}: ${invoices - before} new invoices after ${confirmed} confirmed payments`];
      });
      return problems.flat();
    },
  });
}

/**
 * Pay now on an invoice the confirm phase paid: every press answers paid and charges nothing, since the charge
 * of an overdue one is keyed by its attempt (its concurrent presses are tested in billing's
 * pay-overdue-invoice.test.ts; an overdue invoice takes a declined renewal, which this soak's clock never reaches).
 * `same`: the shared account's invoice; `different`: each client's own.
 */
function payNowPhase(aggregate: Aggregate) {
  type Target = { invoices: Map<string, { id: string; count: number }> };
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = aggregate === 'same' ? [context.shared] : context.customers.slice(0, plan.clients);
      const found = await inBatches(accounts, 8, async (account) => {
        const invoices = await listOf<{ id: string; status: string }>(account.client, '/api/invoices');
        const paid = invoices.find((invoice) => invoice.status === 'paid');
        if (!paid)
          throw new Error(`${account.email} has no paid invoice: the confirm phase runs before this one`);
        return [account.id, { id: paid.id, count: invoices.length }] as const;
      });
      return { invoices: new Map(found) };
    },
    request(target, client, _iteration, context) {
      const account = accountOf(context, aggregate, client);
      const invoice = target.invoices.get(account.id) as { id: string };
      return { method: 'POST', path: `/api/invoices/${invoice.id}/pay`, as: account.client };
    },
    async verify(target, _count, context) {
      const accounts =
        aggregate === 'same' ? [context.shared] : context.customers.slice(0, target.invoices.size);
      const problems = await inBatches(accounts, 8, async (account) => {
        const expected = target.invoices.get(account.id);
        const invoices = await listOf<{ id: string; status: string }>(account.client, '/api/invoices');
        const paid = invoices.find((invoice) => invoice.id === expected?.id)?.status === 'paid';
        return paid && invoices.length === expected?.count
          ? []
          : [
              `${account.email}: ${invoices.length} invoices (was ${expected?.count}), the one paid now ${paid ? 'paid' : 'not paid'}`,
            ];
      });
      return problems.flat();
    },
  });
}

export const billingRoutes: Record<string, SoakRoute> = {
  'POST /api/create-payment-intent': bothWays([200], intentPhase),
  'POST /api/billing/sandbox/confirm': bothWays([200], confirmPhase),
  'POST /api/invoices/{invoiceId}/pay': bothWays([200], payNowPhase),
};
