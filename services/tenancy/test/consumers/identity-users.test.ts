import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { aggregateStore } from '@app/eventing';
import { eventually } from '@app/test-support/eventually';
import { tenants } from '../../src/application/tenants.js';
import { onboardingTenantId } from '../../src/integration/consumers/onboarding.js';
import { registered, useTenancyConsumers } from './consumers-fixture.js';

const h = useTenancyConsumers();

describe('identity users', () => {
  const owner = async (userId: string) =>
    (await h.pool.query('SELECT email, first_name, last_name FROM owners WHERE user_id = $1', [userId]))
      .rows[0] as Record<string, unknown> | undefined;

  it('keeps owners up to date from registrations and profile updates', async () => {
    const userId = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(userId, { registeredVia: 'admin' }));
    await h.nats.publish('identity.user.updated.v1', {
      userId,
      role: 'admin',
      changedAt: new Date().toISOString(),
    });
    await h.nats.publish('identity.user.updated.v1', {
      userId,
      profile: { email: 'new@example.test', firstName: 'Grace', lastName: null, profileImageUrl: null },
      changedAt: new Date().toISOString(),
    });
    const row = await eventually(
      () => owner(userId),
      (r) => r?.email === 'new@example.test',
    );
    expect(row).toEqual({ email: 'new@example.test', first_name: 'Grace', last_name: null });
  });

  it("creates a signed-up customer's tenant once, named after them and owned by them", async () => {
    const userId = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(userId));
    // A second message for the same registration (another event id): the derived tenant id makes it a no-op.
    await h.nats.publish('identity.user.registered.v1', registered(userId));
    const tenantId = onboardingTenantId(userId);
    const tenant = await eventually(
      async () => (await h.pool.query('SELECT name, owner_id FROM tenants WHERE id = $1', [tenantId])).rows,
      (rows) => rows.length > 0,
    );
    expect(tenant).toEqual([{ name: "Ada Lovelace's organisation", owner_id: userId }]);
    const marker = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(marker));
    await eventually(
      async () =>
        (await h.pool.query('SELECT 1 FROM tenants WHERE id = $1', [onboardingTenantId(marker)])).rowCount,
      (count) => count === 1,
    );
    const { events } = await h.eventStore.readStream(`tenancy_tenant-${tenantId}`);
    expect(events.map((event) => event.type)).toEqual(['TenantCreated']);
  });

  it('gives a customer who signed up through single sign-on a tenant too', async () => {
    const userId = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(userId, { registeredVia: 'oidc' }));
    const rows = await eventually(
      async () =>
        (await h.pool.query('SELECT owner_id FROM tenants WHERE id = $1', [onboardingTenantId(userId)])).rows,
      (list) => list.length > 0,
    );
    expect(rows).toEqual([{ owner_id: userId }]);
  });

  it('names a nameless customer from the email and leaves admin-made and admin accounts alone', async () => {
    const nameless = uuidv7();
    const adminMade = uuidv7();
    const admin = uuidv7();
    await h.nats.publish('identity.user.registered.v1', registered(adminMade, { registeredVia: 'admin' }));
    await h.nats.publish('identity.user.registered.v1', registered(admin, { role: 'admin' }));
    await h.nats.publish(
      'identity.user.registered.v1',
      registered(nameless, { firstName: null, lastName: null, email: 'jo.bloggs@example.test' }),
    );
    const tenantId = onboardingTenantId(nameless);
    const row = await eventually(
      async () =>
        (await h.pool.query('SELECT name FROM tenants WHERE id = $1', [tenantId])).rows[0] as
          { name: string } | undefined,
      (r) => r !== undefined,
    );
    expect(row).toEqual({ name: "jo.bloggs's organisation" });
    for (const userId of [adminMade, admin]) {
      expect(
        (await aggregateStore(h.eventStore, tenants).read(onboardingTenantId(userId))).state.status,
      ).toBe('absent');
    }
  });
});
