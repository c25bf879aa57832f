import { jsonOf, type ApiReply } from '../../faults/http-client.js';
import {
  inBatches,
  listOf,
  revisionOf,
  revisionProblems,
  revisionsOf,
  tally,
  type SoakProduct,
} from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import { takeProducts } from './soak-pools.js';
import type { SoakRoute } from './soak-routes.js';

/** The catalogue's admin writes. Every name written is unique, so every acknowledged write is one event. */
const productPath = (product: SoakProduct) => `/api/products/${product.id}`;

async function productsWithSlugPrefix(context: SoakContext, prefix: string): Promise<number> {
  const products = await listOf<{ slug: string }>(context.admin, '/api/products');
  return products.filter((product) => product.slug.startsWith(prefix)).length;
}

function countProblem(what: string, listed: number, acknowledged: number): string[] {
  return listed === acknowledged
    ? []
    : [`${listed} ${what} listed after ${acknowledged} acknowledged creates`];
}

/** Creates answer with the product; later phases write to it. */
function keepCreated(context: SoakContext, reply: ApiReply) {
  const product = jsonOf<SoakProduct>(reply);
  if (product) context.products.push({ id: product.id, slug: product.slug, basePrice: product.basePrice });
}

/**
 * Creates: `different` has each client make its own new products; `same` has every client send the same slug at
 * once, so one create per slug wins and the rest are 409.
 */
function createPhase(aggregate: Aggregate) {
  const prefix = `-${aggregate === 'same' ? 'ps' : 'pd'}-`;
  return definePhase({
    aggregate,
    request: (_target, client, iteration, context) => ({
      method: 'POST',
      path: '/api/admin/products',
      json: {
        name: `Soak product ${client}-${iteration}`,
        slug: `${context.run}${prefix}${aggregate === 'same' ? iteration : `${client}-${iteration}`}`,
        basePrice: 12.5,
      },
    }),
    acknowledged: (_target, _client, _iteration, reply, context) => keepCreated(context, reply),
    verify: async (_target, acknowledged, context) =>
      countProblem(
        'products',
        await productsWithSlugPrefix(context, `${context.run}${prefix}`),
        acknowledged,
      ),
  });
}

/** Renames of products: `same` renames one product from every client, `different` one product per client. */
function renamePhase(method: 'PUT' | 'PATCH', aggregate: Aggregate) {
  return definePhase({
    aggregate,
    async prepare(context, plan) {
      const products = await takeProducts(context, aggregate === 'same' ? 1 : plan.clients);
      return {
        products,
        before: await revisionsOf(context.admin, products.map(productPath)),
        acknowledged: tally(),
      };
    },
    request({ products }, client, iteration, context) {
      const product = products[aggregate === 'same' ? 0 : client] as SoakProduct;
      const name = `Soak ${context.run} ${method} ${client}-${iteration}`;
      const json = method === 'PUT' ? { name, slug: product.slug, basePrice: product.basePrice } : { name };
      return { method, path: `/api/admin/products/${product.id}`, json };
    },
    acknowledged({ products, acknowledged }, client) {
      acknowledged.add(productPath(products[aggregate === 'same' ? 0 : client] as SoakProduct));
    },
    verify: ({ before, acknowledged }, _count, context) =>
      revisionProblems(context.admin, before, acknowledged.counts),
  });
}

/**
 * Deletes: `same` has every client delete one product with the If-Match of its current revision, so exactly
 * one wins and the rest get 412; `different` has each client delete its own products.
 */
function deletePhase(aggregate: Aggregate) {
  type Target = { products: SoakProduct[]; revisions: number[]; perClient: number };
  const pick = (target: Target, client: number, iteration: number) =>
    target.products[aggregate === 'same' ? iteration : client * target.perClient + iteration] as SoakProduct;
  return definePhase({
    aggregate,
    async prepare(context, plan) {
      const count = aggregate === 'same' ? plan.maxIterations : plan.clients * plan.maxIterations;
      const products = await takeProducts(context, count);
      const revisions =
        aggregate === 'same'
          ? await Promise.all(products.map((product) => revisionOf(context.admin, productPath(product))))
          : [];
      return { products, revisions, perClient: plan.maxIterations, acknowledged: tally() };
    },
    request(target, client, iteration) {
      const product = pick(target, client, iteration);
      return {
        method: 'DELETE',
        path: `/api/admin/products/${product.id}`,
        ...(aggregate === 'same' ? { headers: { 'if-match': `"${target.revisions[iteration]}"` } } : {}),
      };
    },
    acknowledged(target, client, iteration) {
      target.acknowledged.add(pick(target, client, iteration).id);
    },
    async verify({ products, acknowledged }, _count, context) {
      const problems = await inBatches(products, 8, async (product) => {
        const deletes = acknowledged.counts.get(product.id) ?? 0;
        const read = await context.admin.send({ method: 'GET', path: productPath(product) });
        if (deletes > 1) return [`${product.slug}: ${deletes} deletes acknowledged`];
        const gone = read.status === 404;
        return gone === deletes > 0
          ? []
          : [`${product.slug}: GET answers ${read.status} after ${deletes} acknowledged deletes`];
      });
      return problems.flat();
    },
  });
}

export const catalogRoutes: Record<string, SoakRoute> = {
  'POST /api/admin/products': {
    success: [201],
    phases: [createPhase('different'), createPhase('same')],
  },
  'PUT /api/admin/products/{id}': bothWays([200], (aggregate) => renamePhase('PUT', aggregate)),
  'PATCH /api/admin/products/{id}': bothWays([200], (aggregate) => renamePhase('PATCH', aggregate)),
  'DELETE /api/admin/products/{id}': bothWays([204], deletePhase),
};
