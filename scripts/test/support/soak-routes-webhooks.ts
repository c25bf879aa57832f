import { jsonOf, type ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { expectReply, inBatches, subscribe, tally, untilCopied } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import { awaitTenancyCopy, takeProducts } from './soak-pools.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Tenants' webhook endpoints (issue 20), by their owner and by an admin. `same`: every client on the one tenant
 * (registering) or endpoint (the rest; deleting, one endpoint per call) of the account they share; `different`: each client on its own account's.
 * Every registration adds an endpoint, every rotation answers a secret of its own, and the other changes end as
 * all their calls asked.
 */
type Actor = 'owner' | 'admin';
type Change = 'event-types' | 'enable' | 'disable' | 'rotate-secret';

interface Owned {
  account: Account;
  tenantId: string;
}

interface Target {
  owned: Owned[];
  /** One endpoint per tenant, registered by `prepare`, for the phases that change one. */
  endpoints: string[];
}

const paid = 'billing.invoice.paid.v1';
const overdue = 'billing.invoice.overdue.v1';
const hookUrl = 'https://hooks.example.com/soak';

const accountsOf = (context: SoakContext, aggregate: Aggregate, clients: number) =>
  aggregate === 'same' ? [context.shared] : context.customers.slice(0, clients);

function base(actor: Actor, tenantId: string) {
  return actor === 'owner'
    ? `/api/tenant-webhooks/${tenantId}/endpoints`
    : `/api/admin/tenants/${tenantId}/webhooks/endpoints`;
}

/** A tenant of each account's own (made by the admin), once notifications' copy of tenancy knows its owner. */
async function ownTenants(context: SoakContext, accounts: readonly Account[], label: string) {
  const numbered = accounts.map((account, index) => ({ account, index }));
  return inBatches(numbered, 8, async ({ account, index }) => {
    const tenant = await expectReply<{ id: string }>(context.admin, {
      method: 'POST',
      path: '/api/admin/tenants',
      json: { name: `Soak ${context.run} webhooks ${label} ${index}`, ownerId: account.id },
    });
    await untilCopied(
      () => account.client.send({ method: 'GET', path: base('owner', tenant.id) }),
      (reply) => reply.status === 200,
      `notifications' copy of tenant ${tenant.id}`,
    );
    return { account, tenantId: tenant.id };
  });
}

async function register(client: ApiClient, tenantId: string): Promise<string> {
  const endpoint = await expectReply<{ id: string }>(client, {
    method: 'POST',
    path: base('owner', tenantId),
    json: { url: hookUrl, eventTypes: [paid] },
  });
  return endpoint.id;
}

interface ListedEndpoint {
  id: string;
  eventTypes: string[];
  status: string;
}

async function endpointsOf({ account, tenantId }: Owned): Promise<ListedEndpoint[]> {
  const list = await expectReply<{ endpoints: ListedEndpoint[] }>(
    account.client,
    { method: 'GET', path: base('owner', tenantId) },
    [200],
  );
  return list.endpoints;
}

function registerPhase(actor: Actor, aggregate: Aggregate) {
  const registered = tally();
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const owned = await ownTenants(
        context,
        accountsOf(context, aggregate, plan.clients),
        `${actor} register`,
      );
      return { owned, endpoints: [] };
    },
    request({ owned }, client) {
      const { account, tenantId } = owned[aggregate === 'same' ? 0 : client] as Owned;
      const request = {
        method: 'POST' as const,
        path: base(actor, tenantId),
        json: { url: hookUrl, eventTypes: [paid] },
      };
      return actor === 'owner' ? { ...request, as: account.client } : request;
    },
    acknowledged({ owned }, client) {
      registered.add((owned[aggregate === 'same' ? 0 : client] as Owned).tenantId);
    },
    async verify({ owned }) {
      const problems = await inBatches(owned, 8, async (tenant) => {
        const expected = registered.counts.get(tenant.tenantId) ?? 0;
        const listed = (await endpointsOf(tenant)).length;
        return listed === expected
          ? []
          : [`tenant ${tenant.tenantId}: ${listed} endpoints after ${expected} acknowledged registrations`];
      });
      return problems.flat();
    },
  });
}

function changePhase(actor: Actor, change: Change, aggregate: Aggregate) {
  const secrets: string[] = [];
  const expected: Partial<ListedEndpoint> =
    change === 'event-types'
      ? { eventTypes: [overdue], status: 'enabled' }
      : change === 'disable'
        ? { status: 'disabled' }
        : { status: 'enabled' };
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const owned = await ownTenants(context, accounts, `${actor} ${change}`);
      const endpoints = await inBatches(owned, 8, async ({ account, tenantId }) => {
        const id = await register(account.client, tenantId);
        if (change === 'enable') {
          await expectReply(account.client, {
            method: 'POST',
            path: `${base('owner', tenantId)}/${id}/disable`,
          });
        }
        return id;
      });
      return { owned, endpoints };
    },
    request({ owned, endpoints }, client) {
      const index = aggregate === 'same' ? 0 : client;
      const { account, tenantId } = owned[index] as Owned;
      const path = `${base(actor, tenantId)}/${endpoints[index] as string}/${change}`;
      const request =
        change === 'event-types'
          ? { method: 'PUT' as const, path, json: { eventTypes: [overdue] } }
          : { method: 'POST' as const, path };
      return actor === 'owner' ? { ...request, as: account.client } : request;
    },
    acknowledged(_target, _client, _iteration, reply) {
      if (change === 'rotate-secret') secrets.push(jsonOf<{ secret: string }>(reply)?.secret ?? '');
    },
    async verify({ owned, endpoints }, acknowledgedCount) {
      const problems = await inBatches(owned, 8, async (tenant) => {
        const index = owned.indexOf(tenant);
        const found = (await endpointsOf(tenant)).find((endpoint) => endpoint.id === endpoints[index]);
        const matches =
          found !== undefined &&
          found.status === expected.status &&
          (expected.eventTypes === undefined || found.eventTypes.join() === expected.eventTypes.join());
        return matches
          ? []
          : [`endpoint ${endpoints[index]}: ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`];
      });
      // Each acknowledged rotation made a secret of its own: none was answered twice.
      const distinct = new Set(secrets.filter((secret) => secret.startsWith('whsec_'))).size;
      const rotations =
        change === 'rotate-secret' && distinct !== acknowledgedCount
          ? [`${distinct} distinct whsec_ secrets from ${acknowledgedCount} acknowledged rotations`]
          : [];
      return [...problems.flat(), ...rotations];
    },
  });
}

interface LoggedDelivery {
  id: string;
  status: string;
  attempts: unknown[];
}

interface Redelivery extends Target {
  /** One delivery per endpoint: the subscription tenancy started for its tenant. */
  deliveries: string[];
}

/**
 * Redeliver: each endpoint gets the message of a subscription started for its tenant (an address that never
 * answers 2xx, so it stays pending), then every client redelivers it. Each redelivery makes it due once: it is
 * still pending, with at most one attempt per acknowledged redelivery beyond its first.
 */
function redeliverPhase(actor: Actor, aggregate: Aggregate) {
  const redelivered = tally();
  const logPath = (tenantId: string, endpointId: string) =>
    `${base('owner', tenantId)}/${endpointId}/deliveries`;
  return definePhase<Redelivery>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const owned = await ownTenants(context, accounts, `${actor} redeliver`);
      const products = await takeProducts(context, owned.length);
      await awaitTenancyCopy(context, products);
      const endpoints = await inBatches(owned, 8, async ({ account, tenantId }) => {
        const endpoint = await expectReply<{ id: string }>(account.client, {
          method: 'POST',
          path: base('owner', tenantId),
          json: { url: hookUrl, eventTypes: ['tenancy.subscription.started.v1'] },
        });
        return endpoint.id;
      });
      const deliveries = await inBatches(owned, 8, async ({ account, tenantId }) => {
        const index = owned.findIndex((tenant) => tenant.tenantId === tenantId);
        const endpointId = endpoints[index] as string;
        await subscribe(context.admin, tenantId, (products[index] as { id: string }).id);
        let logged: LoggedDelivery[] = [];
        await untilCopied(
          async () => {
            const reply = await account.client.send({ method: 'GET', path: logPath(tenantId, endpointId) });
            logged = jsonOf<{ deliveries: LoggedDelivery[] }>(reply)?.deliveries ?? [];
            return reply;
          },
          () => logged.length > 0,
          `the delivery of tenant ${tenantId}'s subscription`,
        );
        return (logged[0] as LoggedDelivery).id;
      });
      return { owned, endpoints, deliveries };
    },
    request({ owned, endpoints, deliveries }, client) {
      const index = aggregate === 'same' ? 0 : client;
      const { account, tenantId } = owned[index] as Owned;
      const path = `${base(actor, tenantId)}/${endpoints[index] as string}/deliveries/${deliveries[index] as string}/redeliver`;
      const request = { method: 'POST' as const, path };
      return actor === 'owner' ? { ...request, as: account.client } : request;
    },
    acknowledged({ deliveries }, client) {
      redelivered.add(deliveries[aggregate === 'same' ? 0 : client] as string);
    },
    async verify({ owned, endpoints, deliveries }) {
      const problems = await inBatches(owned, 8, async (tenant) => {
        const index = owned.indexOf(tenant);
        const reply = await tenant.account.client.send({
          method: 'GET',
          path: logPath(tenant.tenantId, endpoints[index] as string),
        });
        const found = jsonOf<{ deliveries: LoggedDelivery[] }>(reply)?.deliveries.find(
          (delivery) => delivery.id === deliveries[index],
        );
        const allowed = (redelivered.counts.get(deliveries[index] as string) ?? 0) + 1;
        return found !== undefined && found.status === 'pending' && found.attempts.length <= allowed
          ? []
          : [
              `delivery ${deliveries[index]}: ${JSON.stringify(found)}, expected pending with at most ${allowed} attempts`,
            ];
      });
      return problems.flat();
    },
  });
}

interface Deletion {
  owned: Owned[];
  /** Per tenant, one endpoint per call its clients make: `same` races every client on each one. */
  endpoints: string[][];
}

/**
 * Delete: each call removes an endpoint registered for it. `same`: every client's call `iteration` deletes the
 * shared tenant's endpoint `iteration` under If-Match of its registration, so one wins and the rest are 412;
 * `different`: each client deletes its own tenant's endpoints one by one. After it, an endpoint is listed exactly
 * when no delete of it was acknowledged, and none was acknowledged twice.
 */
function deletePhase(actor: Actor, aggregate: Aggregate) {
  const deleted = tally();
  const endpointOf = ({ endpoints }: Deletion, client: number, iteration: number) =>
    (endpoints[aggregate === 'same' ? 0 : client] as string[])[iteration] as string;
  return definePhase<Deletion>({
    aggregate,
    async prepare(context, plan) {
      const owned = await ownTenants(
        context,
        accountsOf(context, aggregate, plan.clients),
        `${actor} delete`,
      );
      const endpoints = await inBatches(owned, 8, async ({ account, tenantId }) => {
        const ids: string[] = [];
        for (let iteration = 0; iteration < plan.maxIterations; iteration += 1) {
          ids.push(await register(account.client, tenantId));
        }
        return ids;
      });
      return { owned, endpoints };
    },
    request(target, client, iteration) {
      const { account, tenantId } = target.owned[aggregate === 'same' ? 0 : client] as Owned;
      const request = {
        method: 'DELETE' as const,
        path: `${base(actor, tenantId)}/${endpointOf(target, client, iteration)}`,
        ...(aggregate === 'same' ? { headers: { 'if-match': '"0"' } } : {}),
      };
      return actor === 'owner' ? { ...request, as: account.client } : request;
    },
    acknowledged(target, client, iteration) {
      deleted.add(endpointOf(target, client, iteration));
    },
    async verify({ owned, endpoints }) {
      const problems = await inBatches(owned, 8, async (tenant) => {
        const listed = new Set((await endpointsOf(tenant)).map((endpoint) => endpoint.id));
        return (endpoints[owned.indexOf(tenant)] as string[]).flatMap((id) => {
          const deletes = deleted.counts.get(id) ?? 0;
          if (deletes > 1) return [`endpoint ${id}: ${deletes} deletes acknowledged`];
          return listed.has(id) === (deletes === 0)
            ? []
            : [`endpoint ${id}: ${listed.has(id) ? 'listed' : 'gone'} after ${deletes} acknowledged deletes`];
        });
      });
      return problems.flat();
    },
  });
}

const changes: readonly Change[] = ['event-types', 'enable', 'disable', 'rotate-secret'];

function routesOf(actor: Actor, prefix: string): Record<string, SoakRoute> {
  const routes: Record<string, SoakRoute> = {
    [`POST ${prefix}`]: bothWays([201], (aggregate) => registerPhase(actor, aggregate)),
  };
  for (const change of changes) {
    const method = change === 'event-types' ? 'PUT' : 'POST';
    routes[`${method} ${prefix}/{endpointId}/${change}`] = bothWays([200], (aggregate) =>
      changePhase(actor, change, aggregate),
    );
  }
  routes[`DELETE ${prefix}/{endpointId}`] = bothWays([204], (aggregate) => deletePhase(actor, aggregate));
  routes[`POST ${prefix}/{endpointId}/deliveries/{deliveryId}/redeliver`] = bothWays([200], (aggregate) =>
    redeliverPhase(actor, aggregate),
  );
  return routes;
}

export const webhookRoutes: Record<string, SoakRoute> = {
  ...routesOf('owner', '/api/tenant-webhooks/{tenantId}/endpoints'),
  ...routesOf('admin', '/api/admin/tenants/{tenantId}/webhooks/endpoints'),
};
