import { jsonOf, type ApiClient } from './http-client.js';
import type { Ledger, WriteKind } from './ledger.js';
import { replyEvidence } from './reply-rules.js';
import { sendUntilAcknowledged, type SendOutcome } from './retrying-send.js';

/**
 * The fault suite's steady write load through the gateway: four clients, one after another each, paced to a
 * modest rate. Three create and rename products, users and tenants (a create every fifth step, renames of what
 * they made in between, each rename to a name carrying the next version number); the fourth buys demo products
 * as signed-in customers through billing's Sandbox. Each write is one aggregate's next step, so every
 * aggregate's writes are in order and its last version is known.
 */
export interface WriteLoadOptions {
  admin: ApiClient;
  customers: ReadonlyArray<{ id: string; client: ApiClient }>;
  /** Active products the customers buy. */
  products: ReadonlyArray<{ id: string; basePrice: number }>;
  ledger: Ledger;
  /** Time between the starts of one client's steps. */
  periodMs: number;
  /** How long one write is retried through a fault before its outcome counts as unknown. */
  giveUpMs: number;
}

export interface WriteLoad {
  /** Writes refused for good (a 400, a 404): the request and the reply. */
  readonly refusals: string[];
  /** Writes given up without an answer after `giveUpMs`: the request and the last reply. */
  readonly abandoned: string[];
  /** Lets every client finish its current write, then resolves. */
  stop(): Promise<void>;
}

interface Aggregate {
  id: string;
  n: number;
  version: number;
}

/** What differs between the three admin writers: where they create and rename, and with which bodies. */
interface AdminWrites {
  kind: Exclude<WriteKind, 'checkout'>;
  createPath: string;
  create(n: number): { marker: string; body: Record<string, unknown> };
  renamePath(id: string): string;
  rename(aggregate: Aggregate): { marker: string; body: Record<string, unknown> };
}

export const productWrites: AdminWrites = {
  kind: 'product',
  createPath: '/api/admin/products',
  create: (n) => ({
    marker: `fault-product-${n}`,
    body: { name: `Fault product ${n} v0`, slug: `fault-product-${n}`, basePrice: 20 },
  }),
  renamePath: (id) => `/api/admin/products/${id}`,
  rename: ({ n, version }) => ({
    marker: `Fault product ${n} v${version}`,
    body: { name: `Fault product ${n} v${version}` },
  }),
};

export const userWrites: AdminWrites = {
  kind: 'user',
  createPath: '/api/admin/users',
  create: (n) => ({
    marker: `fault-user-${n}@faults.example.com`,
    body: { email: `fault-user-${n}@faults.example.com`, firstName: 'Fault v0', lastName: `User ${n}` },
  }),
  renamePath: (id) => `/api/admin/users/${id}`,
  rename: ({ version }) => ({ marker: `Fault v${version}`, body: { firstName: `Fault v${version}` } }),
};

export const tenantWrites: AdminWrites = {
  kind: 'tenant',
  createPath: '/api/admin/tenants',
  create: (n) => ({ marker: `Fault tenant ${n} v0`, body: { name: `Fault tenant ${n} v0` } }),
  renamePath: (id) => `/api/admin/tenants/${id}`,
  rename: ({ n, version }) => ({
    marker: `Fault tenant ${n} v${version}`,
    body: { name: `Fault tenant ${n} v${version}` },
  }),
};

export function startWriteLoad(options: WriteLoadOptions): WriteLoad {
  const { ledger, giveUpMs } = options;
  const refusals: string[] = [];
  const abandoned: string[] = [];
  let stopping = false;

  const send = async (
    client: ApiClient,
    request: Parameters<ApiClient['send']>[0],
    success: number[],
    idempotent = true,
  ) => {
    const outcome = await sendUntilAcknowledged(client, request, { success, ledger, giveUpMs, idempotent });
    const evidence = `${request.method} ${request.path} → ${replyEvidence(outcome.reply)}`;
    if (outcome.kind === 'refused') refusals.push(evidence);
    if (outcome.kind === 'unknown') abandoned.push(evidence);
    return outcome;
  };
  const recorded = (outcome: SendOutcome) => (outcome.kind === 'acknowledged' ? 'acknowledged' : 'unknown');

  const adminWriter = (writes: AdminWrites) => {
    const made: Aggregate[] = [];
    let created = 0;
    return async (step: number) => {
      if (made.length < 4 || step % 5 === 0) {
        const n = (created += 1);
        const { marker, body } = writes.create(n);
        const outcome = await send(
          options.admin,
          { method: 'POST', path: writes.createPath, json: body },
          [201],
        );
        if (outcome.kind === 'refused') return;
        const id = jsonOf<{ id: string }>(outcome.reply)?.id ?? '';
        ledger.write({
          kind: writes.kind,
          action: 'create',
          aggregateId: id,
          marker,
          version: 0,
          outcome: recorded(outcome),
        });
        if (outcome.kind === 'acknowledged') made.push({ id, n, version: 0 });
        return;
      }
      const aggregate = made[step % made.length] as Aggregate;
      aggregate.version += 1;
      const { marker, body } = writes.rename(aggregate);
      const outcome = await send(
        options.admin,
        { method: 'PATCH', path: writes.renamePath(aggregate.id), json: body },
        [200],
      );
      if (outcome.kind === 'refused') return;
      ledger.write({
        kind: writes.kind,
        action: 'rename',
        aggregateId: aggregate.id,
        marker,
        version: aggregate.version,
        outcome: recorded(outcome),
      });
    };
  };

  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
  const checkoutWriter = async (step: number) => {
    const customer = options.customers[step % options.customers.length];
    const product = options.products[step % options.products.length];
    if (!customer || !product) return;
    const intent = await send(
      customer.client,
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        json: { amount: product.basePrice, productId: product.id },
      },
      [200],
    );
    const clientSecret = jsonOf<{ clientSecret: string }>(intent.reply)?.clientSecret;
    if (intent.kind !== 'acknowledged' || !clientSecret) return;
    // The confirmation keeps no idempotency record (card data); confirming a paid intent again answers 200.
    const confirmed = await send(
      customer.client,
      { method: 'POST', path: '/api/billing/sandbox/confirm', json: { clientSecret, card } },
      [200],
      false,
    );
    if (confirmed.kind === 'refused') return;
    const paymentId = clientSecret.split('_secret_')[0] as string;
    ledger.write({
      kind: 'checkout',
      action: 'checkout',
      aggregateId: paymentId,
      marker: paymentId,
      version: 0,
      outcome: recorded(confirmed),
      buyer: { userId: customer.id, productId: product.id },
    });
  };

  const loops = [
    adminWriter(productWrites),
    adminWriter(userWrites),
    adminWriter(tenantWrites),
    checkoutWriter,
  ].map(async (writer) => {
    for (let step = 0; !stopping; step += 1) {
      const started = Date.now();
      await writer(step);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, options.periodMs - (Date.now() - started))),
      );
    }
  });
  return {
    refusals,
    abandoned,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
