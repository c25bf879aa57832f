import { jsonOf, type ApiReply } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { expectReply, inBatches, sandboxCard } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import {
  cardOnFile,
  planPath,
  planProduct,
  planSubscriptions,
  prorationInvoices,
  saveCard,
  tenancyPlanOf,
  type PlanSubscription,
} from './soak-plan-fixtures.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Plan changes (billing README "Plan changes"). `same`: every client on the one subscription of the account they
 * share; `different`: each client on a subscription of its own account. An upgrade is charged once however often
 * it is pressed: the first press changes the plan on one paid prorated invoice and every other is a 409 (in
 * progress, or already on that plan). A downgrade asked for again changes nothing, so every call succeeds and one
 * change is scheduled. Completing with nothing in flight answers the plan as it stands.
 */
interface PlanReply {
  outcome: string;
  plan: string;
  charged: number;
  invoiceId: string | null;
}

interface Target {
  productId: string;
  subscriptions: PlanSubscription[];
  /** Acknowledged replies by subscription id. */
  replies: Map<string, PlanReply[]>;
  /** What the upgrade made before a completion phase: its reply, by subscription id. */
  upgrades: Map<string, PlanReply>;
}

const accountsOf = (context: SoakContext, aggregate: Aggregate, clients: number) =>
  aggregate === 'same' ? [context.shared] : context.customers.slice(0, clients);

const subscriptionOf = (target: Target, aggregate: Aggregate, client: number) =>
  target.subscriptions[aggregate === 'same' ? 0 : client] as PlanSubscription;

/** What a reply says was done, without when: a completion dates the change as it was recorded. */
const outcomeOf = ({ outcome, plan, charged, invoiceId }: PlanReply) =>
  JSON.stringify({ outcome, plan, charged, invoiceId });

function remember(target: Target, subscriptionId: string, reply: ApiReply) {
  const body = jsonOf<PlanReply>(reply) as PlanReply;
  target.replies.set(subscriptionId, [...(target.replies.get(subscriptionId) ?? []), body]);
}

/** Subscriptions an upgrade can charge: their owners have a card on file (a checkout's, or one saved now). */
async function upgradable(context: SoakContext, accounts: readonly Account[], label: string) {
  await inBatches(accounts, 8, async (account) => {
    if ((await cardOnFile(account.client)) === null) await saveCard(account.client, sandboxCard);
  });
  return planSubscriptions(context, accounts, label, 'enterprise');
}

/** One line per way the upgraded subscription differs from one upgrade charged once. */
async function upgradeProblems(
  { account, subscriptionId }: PlanSubscription,
  productId: string,
  upgrade: PlanReply | undefined,
): Promise<string[]> {
  if (!upgrade) return [`subscription ${subscriptionId}: no upgrade acknowledged`];
  const problems: string[] = [];
  if (upgrade.outcome !== 'changed' || upgrade.plan !== 'enterprise' || !(upgrade.charged > 0)) {
    problems.push(`subscription ${subscriptionId}: upgrade answered ${JSON.stringify(upgrade)}`);
  }
  const invoices = await prorationInvoices(account.client, productId);
  const [invoice] = invoices;
  if (
    invoices.length !== 1 ||
    invoice?.id !== upgrade.invoiceId ||
    invoice.status !== 'paid' ||
    invoice.amount !== upgrade.charged
  ) {
    problems.push(
      `subscription ${subscriptionId}: prorated invoices ${JSON.stringify(invoices)} after one upgrade charging ${upgrade.charged} on ${upgrade.invoiceId}`,
    );
  }
  const plan = await tenancyPlanOf(account.client, subscriptionId);
  if (plan?.plan !== 'enterprise' || plan.amount !== planProduct.enterprisePrice) {
    problems.push(`subscription ${subscriptionId}: tenancy shows ${JSON.stringify(plan)}, not enterprise`);
  }
  return problems;
}

function upgradePhase(aggregate: Aggregate) {
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const made = await upgradable(context, accounts, `upgrade ${aggregate}`);
      return { ...made, replies: new Map(), upgrades: new Map() };
    },
    request(target, client) {
      const { account, subscriptionId } = subscriptionOf(target, aggregate, client);
      return {
        method: 'POST',
        path: planPath(subscriptionId),
        json: { plan: 'enterprise' },
        as: account.client,
      };
    },
    acknowledged: (target, client, _iteration, reply) =>
      remember(target, subscriptionOf(target, aggregate, client).subscriptionId, reply),
    async verify(target) {
      const problems = await inBatches(target.subscriptions, 8, async (subscription) => {
        const replies = target.replies.get(subscription.subscriptionId) ?? [];
        if (replies.length > 1) {
          return [`subscription ${subscription.subscriptionId}: ${replies.length} upgrades acknowledged`];
        }
        return upgradeProblems(subscription, target.productId, replies[0]);
      });
      return problems.flat();
    },
  });
}

/** Completions of upgrades that were charged at once (the Sandbox's card asks no 3-D Secure): nothing in flight. */
function completePhase(aggregate: Aggregate) {
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const made = await upgradable(context, accounts, `complete ${aggregate}`);
      const upgrades = await inBatches(made.subscriptions, 8, async ({ account, subscriptionId }) => {
        const upgrade = await expectReply<PlanReply>(
          account.client,
          { method: 'POST', path: planPath(subscriptionId), json: { plan: 'enterprise' } },
          [200],
        );
        return [subscriptionId, upgrade] as const;
      });
      return { ...made, replies: new Map(), upgrades: new Map(upgrades) };
    },
    request(target, client) {
      const { account, subscriptionId } = subscriptionOf(target, aggregate, client);
      return { method: 'POST', path: `${planPath(subscriptionId)}/complete`, as: account.client };
    },
    acknowledged: (target, client, _iteration, reply) =>
      remember(target, subscriptionOf(target, aggregate, client).subscriptionId, reply),
    async verify(target) {
      const problems = await inBatches(target.subscriptions, 8, async (subscription) => {
        const upgrade = target.upgrades.get(subscription.subscriptionId);
        const expected = upgrade && outcomeOf(upgrade);
        const differing = (target.replies.get(subscription.subscriptionId) ?? []).filter(
          (reply) => outcomeOf(reply) !== expected,
        );
        return [
          ...differing
            .slice(0, 1)
            .map(
              (reply) =>
                `subscription ${subscription.subscriptionId}: completion answered ${JSON.stringify(reply)}, the upgrade ${JSON.stringify(upgrade)}`,
            ),
          ...(await upgradeProblems(subscription, target.productId, upgrade)),
        ];
      });
      return problems.flat();
    },
  });
}

/** An admin's downgrade to basic: scheduled for the next renewal, charged nothing, the plan unchanged till then. */
function downgradePhase(aggregate: Aggregate) {
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const made = await planSubscriptions(context, accounts, `downgrade ${aggregate}`, 'basic');
      return { ...made, replies: new Map(), upgrades: new Map() };
    },
    request(target, client) {
      const { subscriptionId } = subscriptionOf(target, aggregate, client);
      return { method: 'POST', path: planPath(subscriptionId, true), json: { plan: 'basic' } };
    },
    acknowledged: (target, client, _iteration, reply) =>
      remember(target, subscriptionOf(target, aggregate, client).subscriptionId, reply),
    async verify(target, _count, context) {
      const ids = target.subscriptions.map((subscription) => subscription.subscriptionId);
      const terms = await expectReply<
        Array<{ subscriptionId: string; scheduledPlanChange: { plan: string; amount: number } | null }>
      >(
        context.admin,
        { method: 'GET', path: `/api/admin/billing/subscriptions?ids=${ids.join(',')}` },
        [200],
      );
      const problems = await inBatches(target.subscriptions, 8, async ({ account, subscriptionId }) => {
        const replies = target.replies.get(subscriptionId) ?? [];
        const found: string[] = [];
        if (replies.length === 0) found.push(`subscription ${subscriptionId}: no downgrade acknowledged`);
        const odd = replies.find((reply) => reply.outcome !== 'scheduled' || reply.plan !== 'basic');
        if (odd) found.push(`subscription ${subscriptionId}: downgrade answered ${JSON.stringify(odd)}`);
        const scheduled = terms.find((term) => term.subscriptionId === subscriptionId)?.scheduledPlanChange;
        if (scheduled?.plan !== 'basic' || scheduled.amount !== planProduct.basicPrice) {
          found.push(
            `subscription ${subscriptionId}: scheduled change ${JSON.stringify(scheduled)}, not basic`,
          );
        }
        const plan = await tenancyPlanOf(account.client, subscriptionId);
        if (plan?.plan !== 'professional') {
          found.push(
            `subscription ${subscriptionId}: tenancy shows ${JSON.stringify(plan)} before the renewal`,
          );
        }
        const charged = await prorationInvoices(account.client, target.productId);
        if (charged.length > 0)
          found.push(`subscription ${subscriptionId}: a downgrade charged ${charged.length}`);
        return found;
      });
      return problems.flat();
    },
  });
}

export const planChangeRoutes: Record<string, SoakRoute> = {
  'POST /api/billing/subscriptions/{id}/plan': bothWays([200], upgradePhase),
  'POST /api/billing/subscriptions/{id}/plan/complete': bothWays([200], completePhase),
  'POST /api/admin/billing/subscriptions/{id}/plan': bothWays([200], downgradePhase),
};
