import { beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '@app/domain';
import { createLeases, ensureEventingTables } from '../src/index.js';
import { servicePoolForFile } from './service-pool.js';

const ignore = () => undefined;

const busyMessage = 'Someone else is changing this; please try again';

/** One connection only: a lease must never need a second one while it is held or awaited. */
const service = servicePoolForFile({ schema: 'leasing', max: 1, acquireTimeoutMs: 2_000 });

beforeAll(async () => {
  await ensureEventingTables(service.pool, 'leasing');
});

/** Two replicas: separate lease clients on one database. */
const replica = (overrides: { ttlMs?: number; waitMs?: number } = {}) =>
  createLeases({
    db: service.pool,
    schema: 'leasing',
    ttlMs: 5_000,
    waitMs: 5_000,
    busyMessage,
    ...overrides,
  });

describe('leases', () => {
  it('runs work of two replicas one after the other, on a single pooled connection', async () => {
    const [a, b] = [replica(), replica()];
    const trace: string[] = [];
    const work = (who: string) => async () => {
      trace.push(`${who} in`);
      // The work itself uses the pool, as a command's reads and append do.
      await service.pool.query('SELECT pg_sleep(0.05)');
      trace.push(`${who} out`);
      return who;
    };

    const results = await Promise.all([
      a.exclusively('roles', work('a')),
      b.exclusively('roles', work('b')),
      a.exclusively('roles', work('c')),
    ]);

    expect(results).toEqual(['a', 'b', 'c']);
    for (let index = 0; index < trace.length; index += 2) {
      expect(trace[index]?.replace(' in', '')).toBe(trace[index + 1]?.replace(' out', ''));
    }
  });

  it('lets different names run at the same time', async () => {
    const leases = replica();
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside -= 1;
    };
    await Promise.all([leases.exclusively('x', work), leases.exclusively('y', work)]);
    expect(most).toBe(2);
  });

  it('refuses with the busy message after waiting its limit for a lease another holds', async () => {
    const holder = replica();
    const waiter = replica({ waitMs: 150 });
    let letGo: () => void = ignore;
    const held = holder.exclusively('busy', () => new Promise<void>((resolve) => (letGo = resolve)));
    await expect
      .poll(async () => (await service.pool.query('SELECT 1 FROM leasing.leases')).rowCount)
      .toBe(1);

    await expect(waiter.exclusively('busy', async () => 'ran')).rejects.toThrow(
      new ConflictError(busyMessage),
    );
    letGo();
    await held;
    await expect(waiter.exclusively('busy', async () => 'ran')).resolves.toBe('ran');
  });

  it("takes over a dead holder's lease once it runs out, and the old holder can no longer confirm", async () => {
    const dying = replica({ ttlMs: 200 });
    const next = replica({ waitMs: 2_000 });
    let stalled: () => void = ignore;
    const stuck = dying.exclusively('crash', async (lease) => {
      await new Promise<void>((resolve) => (stalled = resolve));
      await lease.confirm();
    });
    await expect
      .poll(async () => (await service.pool.query('SELECT 1 FROM leasing.leases')).rowCount)
      .toBe(1);

    const started = Date.now();
    let releaseNext: () => void = ignore;
    const taken = next.exclusively('crash', () => new Promise<void>((resolve) => (releaseNext = resolve)));
    await expect.poll(() => releaseNext !== ignore).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);

    stalled();
    await expect(stuck).rejects.toThrow(new ConflictError(busyMessage));
    releaseNext();
    await taken;
  });
});

describe('tryExclusively', () => {
  it('runs when the lease is free and answers null at once while another holds it', async () => {
    const [a, b] = [replica(), replica()];
    let letGo: () => void = ignore;
    let entered: () => void = ignore;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = a.tryExclusively('tick', async () => {
      entered();
      await new Promise<void>((resolve) => (letGo = resolve));
      return 'first';
    });
    await inside;

    await expect(b.tryExclusively('tick', async () => 'second')).resolves.toBeNull();
    letGo();
    await expect(held).resolves.toBe('first');
    await expect(b.tryExclusively('tick', async () => 'second')).resolves.toBe('second');
  });
});
