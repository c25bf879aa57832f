import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@app/eventing';
import { invoices } from '../../../services/billing/src/application/invoices.js';
import { products } from '../../../services/catalog/src/application/products.js';
import { users } from '../../../services/identity/src/application/users.js';
import { subscriptions } from '../../../services/tenancy/src/application/subscriptions.js';
import { tenants } from '../../../services/tenancy/src/application/tenants.js';
import {
  benchProduct,
  benchSubscriptions,
  benchTenant,
  benchUser,
  isActiveProduct,
  measuredCustomer,
  popularProduct,
  subscribedProducts,
  timelineOf,
} from '../dataset.js';
import { checkoutInvoiceStream } from '../events/billing-events.js';
import { productStream } from '../events/catalog-events.js';
import { userStream } from '../events/identity-events.js';
import { subscriptionStream, tenantStream } from '../events/tenancy-events.js';

const now = new Date('2026-11-22T12:00:00.000Z');
const timeline = timelineOf(now, 100_000);

/** The stored event as a projection receives it, read back with the aggregate's own decoder. */
function recorded(stream: string, event: NewEvent, revision: number): RecordedEvent {
  return { ...event, streamName: stream, revision, position: { commit: 1n, prepare: 1n }, recordedAt: now };
}

describe("the loader's events", () => {
  it("are read back by each service's own decoder, in the stream category it reads", () => {
    const tenant = benchTenant(1, timeline);
    const cancelled = benchSubscriptions(benchTenant(6, timeline), 6, timeline).find((s) => s.cancelledAt);
    const cases = [
      [users, userStream(benchUser(1, timeline)), ['UserRegistered']],
      [products, productStream(benchProduct(9, timeline)), ['ProductCreated']],
      [tenants, tenantStream(tenant), ['TenantCreated']],
      [subscriptions, subscriptionStream(cancelled!), ['SubscriptionStarted', 'SubscriptionStatusChanged']],
      [invoices, checkoutInvoiceStream(cancelled!, 42n), ['InvoiceIssued', 'InvoicePaid']],
    ] as const;
    for (const [aggregate, { stream, events }, types] of cases) {
      expect(stream.startsWith(`${aggregate.category}-`)).toBe(true);
      const decoded = events.map((event, revision) => aggregate.decode(recorded(stream, event, revision)));
      expect(decoded.map((event) => event.type)).toEqual(types);
    }
  });

  it('carry what the dataset says: owner, status, a cancelled subscription, an invoice paid by the owner', () => {
    const tenant = benchTenant(6, timeline);
    const [created] = tenantStream(tenant).events;
    expect(created?.data).toMatchObject({
      tenantId: tenant.tenantId,
      ownerId: tenant.ownerId,
      status: 'active',
    });
    const subscription = benchSubscriptions(tenant, 6, timeline).find((s) => s.cancelledAt)!;
    const [, cancelled] = subscriptionStream(subscription).events;
    expect(cancelled?.data).toMatchObject({ previousStatus: 'active', status: 'cancelled' });
    const [, paid] = checkoutInvoiceStream(subscription, 42n).events;
    expect(paid?.data).toMatchObject({
      number: 'INV-000042',
      userId: tenant.ownerId,
      tenantId: tenant.tenantId,
    });
  });
});

describe('the dataset', () => {
  it('gives the measured customer every 100th tenant, and user ⌊i/5⌋ the others', () => {
    expect(benchTenant(0, timeline).ownerId).toBe(measuredCustomer.id);
    expect(benchTenant(300, timeline).ownerId).toBe(measuredCustomer.id);
    expect(benchTenant(301, timeline).ownerId).toBe(benchUser(60, timeline).userId);
  });

  it('names everything the same way every time, ids in creation order', () => {
    expect(benchTenant(7, timeline)).toEqual(benchTenant(7, timeline));
    expect(benchTenant(7, timeline).tenantId < benchTenant(8, timeline).tenantId).toBe(true);
  });

  it('subscribes each tenant to the popular product and two other active ones', () => {
    for (const i of [0, 1, 53, 99_999]) {
      const chosen = subscribedProducts(i);
      expect(chosen[0]).toBe(popularProduct);
      expect(new Set(chosen).size).toBe(3);
      expect(chosen.every(isActiveProduct)).toBe(true);
    }
  });

  it('starts trials in the last 11 days at every size, so none ends and is billed while the bench runs', () => {
    const trials = Array.from({ length: 1_000 }, (_, i) => i).flatMap((i) =>
      benchSubscriptions(benchTenant(i, timeline), i, timeline).filter((s) => s.startedAs === 'trial'),
    );
    expect(trials.length).toBeGreaterThan(100);
    const elevenDaysAgo = now.getTime() - 11 * 24 * 3_600_000;
    expect(trials.every((trial) => Date.parse(trial.startedAt) >= elevenDaysAgo)).toBe(true);
  });
});
