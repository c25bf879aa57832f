import { createApiClient, jsonOf, type ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { expectReply, inBatches, listOf } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * View as customer (issue 21 item 3): the admin starts views of the customers' accounts, and leaves views they
 * started. Every view is a stream of its own, so starts never conflict; `same` views one customer (the shared
 * account) from every client at once, `different` each client's own customer. What was stored is read back
 * twice: through the view's cookie (identity answers it from the view's stream) and through the audit trail,
 * where each start and each end is one entry about the customer, told apart by the view's reason.
 */
const accountOf = (context: SoakContext, aggregate: Aggregate, client: number) =>
  (aggregate === 'same' ? context.shared : context.customers[client]) as Account;

const viewAsPath = (account: Account) => `/api/admin/users/${account.id}/view-as`;

/** The admin's own session with the view's cookie beside it, as the browser sends both after a start. */
function inView(context: SoakContext, viewId: string): ApiClient {
  return createApiClient(
    context.admin.baseUrl,
    context.requestTimeoutMs,
    `${context.admin.cookie}; vas=${viewId}`,
  );
}

interface TrailChange {
  field: string;
  after?: unknown;
}

/** How many entries of `action` about `account` the trail holds, by the reason each names. */
async function trailByReason(
  context: SoakContext,
  account: Account,
  action: 'user.view-as-started' | 'user.view-as-ended',
): Promise<Map<string, number>> {
  const query = new URLSearchParams({ entityType: 'user', entityId: account.id, action });
  const entries = await listOf<{ changes: TrailChange[] }>(context.admin, `/api/admin/audit?${query}`);
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const reason = entry.changes.find((change) => change.field === 'Reason')?.after;
    if (typeof reason === 'string') counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return counts;
}

interface AnsweredAs {
  id: string;
  viewAs?: { sessionId: string };
}

async function answeredAs(client: ApiClient): Promise<AnsweredAs> {
  return expectReply<AnsweredAs>(client, { method: 'GET', path: '/api/auth/user' }, [200]);
}

/**
 * Starts. Each acknowledged start must open its view (its cookie answers as the customer, in that view) and be
 * one "started" entry with the phase's reason in the customer's trail.
 */
function startPhase(aggregate: Aggregate) {
  type Target = { reason: string; started: Map<string, Account> };
  return definePhase<Target>({
    aggregate,
    prepare: async (context) => ({ reason: `${context.run} soak start ${aggregate}`, started: new Map() }),
    request: (target, client, _iteration, context) => ({
      method: 'POST',
      path: viewAsPath(accountOf(context, aggregate, client)),
      json: { reason: target.reason },
    }),
    acknowledged(target, client, _iteration, reply, context) {
      const view = jsonOf<{ id: string }>(reply);
      if (view) target.started.set(view.id, accountOf(context, aggregate, client));
    },
    async verify({ reason, started }, acknowledged, context) {
      const problems: string[] = [];
      if (started.size !== acknowledged)
        problems.push(`${acknowledged} starts acknowledged, ${started.size} ids`);
      const opened = await inBatches([...started], 8, async ([viewId, account]) => {
        const me = await answeredAs(inView(context, viewId));
        return me.id === account.id && me.viewAs?.sessionId === viewId
          ? []
          : [`view ${viewId} of ${account.email} answers as ${JSON.stringify(me)}`];
      });
      problems.push(...opened.flat());
      const perAccount = new Map<Account, number>();
      for (const account of started.values()) perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
      for (const [account, count] of perAccount) {
        const listed = (await trailByReason(context, account, 'user.view-as-started')).get(reason) ?? 0;
        if (listed !== count) problems.push(`${account.email}: ${listed} starts in the trail after ${count}`);
      }
      return problems;
    },
  });
}

/**
 * Leaving, of views started for the phase with a reason each. `same`: every client leaves one view at once (one
 * of them ends it, the others find it ended and are answered 204 too); `different`: each its own views. Every
 * view an acknowledged leave reached must no longer open, and be exactly one "ended" entry; the views no call
 * reached (a slow machine runs fewer iterations) none.
 */
function leavePhase(aggregate: Aggregate) {
  type View = { id: string; reason: string; account: Account; client: ApiClient };
  type Target = { views: View[]; perClient: number; left: Set<View> };
  const pick = (target: Target, client: number, iteration: number) =>
    target.views[aggregate === 'same' ? iteration : client * target.perClient + iteration] as View;
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const count = aggregate === 'same' ? plan.maxIterations : plan.clients * plan.maxIterations;
      const indexes = Array.from({ length: count }, (_, index) => index);
      const views = await inBatches(indexes, 8, async (index) => {
        const account = accountOf(context, aggregate, Math.floor(index / plan.maxIterations));
        const reason = `${context.run} soak leave ${aggregate} ${index}`;
        const view = await expectReply<{ id: string }>(context.admin, {
          method: 'POST',
          path: viewAsPath(account),
          json: { reason },
        });
        return { id: view.id, reason, account, client: inView(context, view.id) };
      });
      return { views, perClient: plan.maxIterations, left: new Set() };
    },
    request: (target, client, iteration) => ({
      method: 'DELETE',
      path: '/api/auth/view-as',
      as: pick(target, client, iteration).client,
    }),
    acknowledged: (target, client, iteration) => target.left.add(pick(target, client, iteration)),
    async verify({ views, left }, _count, context) {
      const reopened = await inBatches([...left], 8, async (view) => {
        const me = await answeredAs(view.client);
        return me.viewAs === undefined ? [] : [`view ${view.id} still opens after it was left`];
      });
      const problems = reopened.flat();
      const accounts = new Set(views.map((view) => view.account));
      for (const account of accounts) {
        const ended = await trailByReason(context, account, 'user.view-as-ended');
        for (const view of views.filter((candidate) => candidate.account === account)) {
          const expected = left.has(view) ? 1 : 0;
          const listed = ended.get(view.reason) ?? 0;
          if (listed !== expected)
            problems.push(`view ${view.id}: ${listed} ends in the trail, not ${expected}`);
        }
      }
      return problems;
    },
  });
}

export const viewAsRoutes: Record<string, SoakRoute> = {
  'POST /api/admin/users/{id}/view-as': bothWays([201], startPhase),
  'DELETE /api/auth/view-as': bothWays([204], leavePhase),
};
