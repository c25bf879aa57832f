import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { resealAllSecrets } from '../../src/application/reseal-secrets.js';

type ResealDeps = Parameters<typeof resealAllSecrets>[0];
/** What a reseal that changed something answers; resealAllSecrets only counts these, so their content is moot. */
type Resealed = NonNullable<Awaited<ReturnType<ResealDeps['tenants']['resealCredentials']>>> &
  NonNullable<Awaited<ReturnType<ResealDeps['subscriptions']['resealMetricsApiKey']>>>;

/** The read models' ids, as resealAllSecrets queries them. */
function readModels(tenantIds: string[], subscriptionIds: string[]): pg.Pool {
  const query = async (sql: string) => ({
    rows: (sql.includes('FROM tenants') ? tenantIds : subscriptionIds).map((id) => ({ id })),
  });
  return { query } as unknown as pg.Pool;
}

/** Reseals that stay in flight until the test lets them go, so overlap is counted, not timed. */
function heldReseals(resealed: (id: string) => boolean) {
  const held: Array<() => void> = [];
  const counts = { inFlight: 0, peak: 0, started: [] as string[] };
  const reseal = async (id: string) => {
    counts.started.push(id);
    counts.inFlight += 1;
    counts.peak = Math.max(counts.peak, counts.inFlight);
    await new Promise<void>((release) => held.push(release));
    counts.inFlight -= 1;
    if (id.startsWith('failing')) throw new Error(`reseal of ${id} failed`);
    return resealed(id) ? ({} as Resealed) : null;
  };
  return { reseal, held, counts };
}

async function releaseUntil(held: Array<() => void>, done: () => boolean): Promise<void> {
  while (!done()) {
    await new Promise((resolve) => setImmediate(resolve));
    held.splice(0).forEach((release) => release());
  }
}

const ids = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

describe('resealing every stream after a key rotation', () => {
  it('reseals at most 8 streams at once and counts those that needed it', async () => {
    const reseals = heldReseals((id) => Number(id.split('-').at(-1)) % 2 === 0);
    let summary: Awaited<ReturnType<typeof resealAllSecrets>> | undefined;
    const running = resealAllSecrets({
      pool: readModels(ids('tenant', 30), ids('subscription', 21)),
      tenants: { resealCredentials: reseals.reseal },
      subscriptions: { resealMetricsApiKey: reseals.reseal },
    }).then((result) => (summary = result));

    await releaseUntil(reseals.held, () => summary !== undefined);
    await running;

    expect(reseals.counts.peak).toBe(8);
    expect(summary).toEqual({
      tenantsChecked: 30,
      tenantsResealed: 15,
      subscriptionsChecked: 21,
      subscriptionsResealed: 11,
    });
  });

  it('stops at the first failure: rejects with it and starts no further reseal', async () => {
    const reseals = heldReseals(() => true);
    let outcome: unknown;
    const running = resealAllSecrets({
      pool: readModels(['failing-tenant', ...ids('tenant', 20)], ids('subscription', 5)),
      tenants: { resealCredentials: reseals.reseal },
      subscriptions: { resealMetricsApiKey: reseals.reseal },
    }).catch((error: unknown) => (outcome = error));

    await releaseUntil(reseals.held, () => outcome !== undefined);
    await running;
    reseals.held.splice(0).forEach((release) => release());

    expect(outcome).toEqual(new Error('reseal of failing-tenant failed'));
    expect(reseals.counts.started).toHaveLength(8);
    expect(reseals.counts.started.some((id) => id.startsWith('subscription'))).toBe(false);
  });

  it('calls nothing when no tenant or subscription exists', async () => {
    const reseals = heldReseals(() => true);
    await expect(
      resealAllSecrets({
        pool: readModels([], []),
        tenants: { resealCredentials: reseals.reseal },
        subscriptions: { resealMetricsApiKey: reseals.reseal },
      }),
    ).resolves.toEqual({
      tenantsChecked: 0,
      tenantsResealed: 0,
      subscriptionsChecked: 0,
      subscriptionsResealed: 0,
    });
    expect(reseals.counts.started).toEqual([]);
  });
});
