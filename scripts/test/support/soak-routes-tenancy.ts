import {
  createTenants,
  expectReply,
  inBatches,
  listOf,
  revisionProblems,
  revisionsOf,
  subscribe,
  tally,
  type SoakProduct,
} from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import { awaitTenancyCopy, takeProducts } from './soak-pools.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Tenancy's writes. `same`: every client on one tenant (or one subscription); `different`: a tenant each. Issue
 * 15 found nine concurrent subscription starts for one tenant wedging tenancy for good; the `same` phase of
 * that route sends 32.
 */
const tenantPath = (tenantId: string) => `/api/admin/tenants/${tenantId}`;
const tenantOf = (tenants: readonly string[], aggregate: Aggregate, client: number) =>
  tenants[aggregate === 'same' ? 0 : client] as string;

async function tenantsFor(context: SoakContext, aggregate: Aggregate, clients: number, label: string) {
  return createTenants(context.admin, `${context.run} ${label}`, aggregate === 'same' ? 1 : clients);
}

async function tenantsNamed(context: SoakContext, prefix: string) {
  const tenants = await listOf<{ name: string; slug: string }>(context.admin, '/api/admin/tenants');
  return tenants.filter((tenant) => tenant.name.startsWith(prefix));
}

/** Tenant creates. `same`: every client the same name at once, which all succeed with distinct slugs. */
function createTenantPhase(aggregate: Aggregate) {
  const prefix = (context: SoakContext) => `Soak ${context.run} create ${aggregate}`;
  return definePhase({
    aggregate,
    request: (_target, client, iteration, context) => ({
      method: 'POST',
      path: '/api/admin/tenants',
      json: { name: `${prefix(context)} ${aggregate === 'same' ? iteration : `${client}-${iteration}`}` },
    }),
    async verify(_target, acknowledged, context) {
      const tenants = await tenantsNamed(context, prefix(context));
      const slugs = new Set(tenants.map((tenant) => tenant.slug));
      const problems =
        tenants.length === acknowledged ? [] : [`${tenants.length} tenants after ${acknowledged} creates`];
      if (slugs.size !== tenants.length) problems.push(`${tenants.length - slugs.size} tenants share a slug`);
      return problems;
    },
  });
}

/** Renames by PATCH or PUT, or reveals of a provider password: each acknowledged call is one event. */
function tenantWritePhase(kind: 'PATCH' | 'PUT' | 'reveal', aggregate: Aggregate) {
  return definePhase({
    aggregate,
    async prepare(context, plan) {
      const tenants = await tenantsFor(context, aggregate, plan.clients, kind);
      if (kind === 'reveal') {
        await inBatches(tenants, 8, (tenant) =>
          expectReply(context.admin, {
            method: 'PATCH',
            path: tenantPath(tenant),
            json: { domainRegistrarPassword: `${context.run}-registrar-secret` },
          }),
        );
      }
      const before = await revisionsOf(context.admin, tenants.map(tenantPath));
      return { tenants, before, acknowledged: tally() };
    },
    request({ tenants }, client, iteration, context) {
      const path = tenantPath(tenantOf(tenants, aggregate, client));
      const name = `Soak ${context.run} ${kind} ${client}-${iteration}`;
      if (kind === 'reveal') return { method: 'POST', path: `${path}/credentials/domainRegistrar/reveal` };
      return { method: kind, path, json: kind === 'PUT' ? { name, status: 'active' } : { name } };
    },
    acknowledged: ({ tenants, acknowledged }, client) =>
      acknowledged.add(tenantPath(tenantOf(tenants, aggregate, client))),
    verify: ({ before, acknowledged }, _count, context) =>
      revisionProblems(context.admin, before, acknowledged.counts),
  });
}

/**
 * Subscription starts. `same`: one tenant, each call a product of its own (a tenant holds one live subscription
 * per product); `different`: a tenant per client, each subscribing to the same few products.
 */
function subscribePhase(aggregate: Aggregate) {
  type Target = {
    tenants: string[];
    products: SoakProduct[];
    perClient: number;
    acknowledged: ReturnType<typeof tally>;
  };
  const pick = (target: Target, client: number, iteration: number) => ({
    tenant: tenantOf(target.tenants, aggregate, client),
    product: target.products[
      aggregate === 'same' ? client * target.perClient + iteration : iteration
    ] as SoakProduct,
  });
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const products = await takeProducts(
        context,
        aggregate === 'same' ? plan.clients * plan.maxIterations : plan.maxIterations,
      );
      await awaitTenancyCopy(context, products);
      const tenants = await tenantsFor(context, aggregate, plan.clients, 'subscribe');
      return { tenants, products, perClient: plan.maxIterations, acknowledged: tally() };
    },
    request(target, client, iteration) {
      const { tenant, product } = pick(target, client, iteration);
      return { method: 'POST', path: `${tenantPath(tenant)}/subscriptions`, json: { productId: product.id } };
    },
    acknowledged: (target, client, iteration) =>
      target.acknowledged.add(pick(target, client, iteration).tenant),
    async verify({ tenants, acknowledged }, _count, context) {
      const problems = await inBatches(tenants, 8, async (tenant) => {
        const listed = (await listOf(context.admin, `${tenantPath(tenant)}/subscriptions`)).length;
        const expected = acknowledged.counts.get(tenant) ?? 0;
        return listed === expected
          ? []
          : [`tenant ${tenant}: ${listed} subscriptions after ${expected} starts`];
      });
      return problems.flat();
    },
  });
}

/**
 * Status toggles (cancel, reactivate), which take tenancy's per-(tenant, product) lock. `same`: every client
 * toggles one subscription; `different`: each its own, which must end in its last acknowledged status.
 */
function togglePhase(aggregate: Aggregate) {
  const status = (iteration: number) => (iteration % 2 === 0 ? 'cancelled' : 'active');
  return definePhase({
    aggregate,
    async prepare(context, plan) {
      const [product] = await takeProducts(context, 1);
      if (!product) throw new Error('no product');
      await awaitTenancyCopy(context, [product]);
      const tenants = await tenantsFor(context, aggregate, plan.clients, 'toggle');
      const subscriptions = await inBatches(tenants, 8, (tenant) =>
        subscribe(context.admin, tenant, product.id),
      );
      return { tenants, subscriptions, last: new Map<number, string>() };
    },
    request: ({ subscriptions }, client, iteration) => ({
      method: 'PATCH',
      path: `/api/admin/subscriptions/${subscriptions[aggregate === 'same' ? 0 : client]}`,
      json: { status: status(iteration) },
    }),
    acknowledged: ({ last }, client, iteration) => last.set(client, status(iteration)),
    async verify({ tenants, subscriptions, last }, _count, context) {
      if (aggregate === 'same') return [];
      const problems = await inBatches([...last], 8, async ([client, expected]) => {
        const listed = await listOf<{ id: string; status: string }>(
          context.admin,
          `${tenantPath(tenants[client] as string)}/subscriptions`,
        );
        const actual = listed.find((subscription) => subscription.id === subscriptions[client])?.status;
        return actual === expected
          ? []
          : [`subscription ${subscriptions[client]}: ${actual}, last acknowledged ${expected}`];
      });
      return problems.flat();
    },
  });
}

export const tenancyRoutes: Record<string, SoakRoute> = {
  'POST /api/admin/tenants': bothWays([201], createTenantPhase),
  'PATCH /api/admin/tenants/{id}': bothWays([200], (aggregate) => tenantWritePhase('PATCH', aggregate)),
  'PUT /api/admin/tenants/{id}': bothWays([200], (aggregate) => tenantWritePhase('PUT', aggregate)),
  'POST /api/admin/tenants/{id}/credentials/{group}/reveal': bothWays([200], (aggregate) =>
    tenantWritePhase('reveal', aggregate),
  ),
  'POST /api/admin/tenants/{id}/subscriptions': bothWays([201], subscribePhase),
  'PATCH /api/admin/subscriptions/{subscriptionId}': bothWays([200], togglePhase),
};
