import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { walkPages } from '@app/test-support/pages';
import { startedForFile } from '@app/test-support/started-for-file';
import { anEntry, knownUser, record, startAudit } from '../support/audit-harness.js';

const audit = startedForFile(() => startAudit());

/** A customer owning one tenant, as tenancy's tenant entry tells the audit service. */
async function aCustomer() {
  const customerId = randomUUID();
  const tenantId = randomUUID();
  await record(
    audit,
    anEntry({
      action: 'tenant.created',
      actor: { type: 'user', userId: customerId, role: 'tenant' },
      entity: { type: 'tenant', id: tenantId, label: 'Casey Co' },
      tenantId,
      accountId: customerId,
      changes: [{ field: 'Name', before: null, after: 'Casey Co' }],
    }),
  );
  return {
    customerId,
    tenantId,
    headers: await identityHeaders('tenant', undefined, { userId: customerId }),
  };
}

async function activity(headers: Record<string, string>, query = '') {
  const response = await audit.app.inject({ method: 'GET', url: `/api/activity${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityEntry[]>();
}

describe("a customer's own activity", () => {
  it("holds their tenants' entries and their account's, admins shown as Support, never by name", async () => {
    const { customerId, tenantId, headers } = await aCustomer();
    const adminId = randomUUID();
    await knownUser(audit, {
      userId: adminId,
      email: 'alex@example.test',
      firstName: 'Alex',
      lastName: 'Admin',
      role: 'admin',
    });
    const cancelled = anEntry({
      action: 'subscription.status-changed',
      actor: { type: 'user', userId: adminId, role: 'admin' },
      entity: { type: 'subscription', id: randomUUID(), label: null },
      tenantId,
      changes: [{ field: 'Status', before: 'active', after: 'cancelled' }],
    });
    const revealed = anEntry({
      action: 'tenant.credential-revealed',
      actor: { type: 'user', userId: adminId, role: 'admin' },
      entity: { type: 'tenant', id: tenantId, label: 'Casey Co' },
      tenantId,
      accountId: customerId,
      changes: [{ field: 'Domain Registrar password', secret: 'revealed' }],
    });
    const password = anEntry({
      action: 'user.password-set',
      actor: { type: 'user', userId: customerId, role: 'tenant' },
      entity: { type: 'user', id: customerId, label: 'Casey' },
      accountId: customerId,
      changes: [{ field: 'Password', secret: 'changed' }],
    });
    const renewal = anEntry({
      action: 'invoice.issued',
      actor: { type: 'system', name: 'billing-renewals' },
      tenantId,
      accountId: customerId,
    });
    const someoneElse = anEntry({ tenantId: randomUUID(), accountId: randomUUID() });
    await record(audit, cancelled, revealed, password, renewal, someoneElse);

    const entries = await activity(headers);
    expect(entries.map((entry) => [entry.action, entry.actor.name])).toEqual([
      ['invoice.issued', 'System'],
      ['user.password-set', 'You'],
      ['tenant.credential-revealed', 'Support'],
      ['subscription.status-changed', 'Support'],
      ['tenant.created', 'You'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(adminId);
    expect(JSON.stringify(entries)).not.toContain('Alex');
  });

  it('pages newest first across their tenants and account alike', async () => {
    const { customerId, tenantId, headers } = await aCustomer();
    const secondTenant = randomUUID();
    await record(
      audit,
      anEntry({
        action: 'tenant.created',
        entity: { type: 'tenant', id: secondTenant, label: 'Two' },
        tenantId: secondTenant,
        accountId: customerId,
      }),
    );
    const entries = [tenantId, secondTenant, null, tenantId, secondTenant].map((tenant) =>
      anEntry({ tenantId: tenant, accountId: tenant === null ? customerId : null }),
    );
    await record(audit, ...entries);
    const pages = await walkPages<ActivityEntry>(audit.app, '/api/activity?limit=3', headers);
    expect(pages).toHaveLength(3);
    const ids = pages.flatMap((page) => page.items.map((entry) => entry.id));
    expect(ids.slice(0, 5)).toEqual(entries.map((entry) => entry.eventId).reverse());
    expect(ids).toHaveLength(7);
  });

  it('exports their trail as CSV with who as they see it', async () => {
    const { tenantId, headers } = await aCustomer();
    await record(
      audit,
      anEntry({
        action: 'subscription.cancellation-scheduled',
        tenantId,
        entity: { type: 'subscription', id: randomUUID(), label: null },
        changes: [{ field: 'Cancels at period end', before: 'No', after: 'Yes' }],
      }),
    );
    const response = await audit.app.inject({ method: 'GET', url: '/api/activity/export', headers });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Time,Who,Action,Type,Name,Id,Changes');
    expect(lines[1]).toMatch(
      /,Support,Set to cancel at period end,Subscription,,[0-9a-f-]+,Cancels at period end: No → Yes$/,
    );
    expect(lines[2]).toMatch(/,You,Tenant created,Tenant,Casey Co,/);
  });

  it('is for signed-in callers only', async () => {
    const response = await audit.app.inject({ method: 'GET', url: '/api/activity' });
    expect(response.statusCode).toBe(401);
  });
});
