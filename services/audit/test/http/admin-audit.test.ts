import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { nextPageOf } from '@app/test-support/pages';
import { startedForFile } from '@app/test-support/started-for-file';
import { anEntry, knownUser, record, startAudit } from '../support/audit-harness.js';

const audit = startedForFile(() => startAudit({ now: () => new Date('2026-12-01T10:00:00.000Z') }));
const admin = () => identityHeaders('admin');

async function list(query: string) {
  const response = await audit.app.inject({
    method: 'GET',
    url: `/api/admin/audit?${query}`,
    headers: await admin(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { entries: response.json<AuditEntry[]>(), response };
}

describe('the audit trail for admins', () => {
  it('lists entries newest first, naming the actor as identity knows them', async () => {
    const productId = randomUUID();
    const adminId = randomUUID();
    await knownUser(audit, {
      userId: adminId,
      email: 'alex@example.test',
      firstName: 'Alex',
      lastName: 'Admin',
      role: 'admin',
    });
    const created = anEntry({
      action: 'product.created',
      entity: { type: 'product', id: productId, label: 'Risk' },
      actor: { type: 'user', userId: adminId, role: 'admin' },
    });
    const updated = anEntry({
      entity: { type: 'product', id: productId, label: 'Risk' },
      actor: { type: 'user', userId: adminId },
    });
    const renewal = anEntry({
      action: 'invoice.issued',
      actor: { type: 'system', name: 'billing-renewals' },
    });
    await record(audit, created, updated, renewal);

    const { entries } = await list(`entityType=product&entityId=${productId}`);
    expect(entries.map((entry) => entry.id)).toEqual([updated.eventId, created.eventId]);
    expect(entries[0]).toEqual({
      id: updated.eventId,
      occurredAt: updated.occurredAt,
      action: 'product.updated',
      actor: { type: 'user', id: adminId, name: 'Alex Admin', role: 'admin', onBehalfOf: null },
      entity: { type: 'product', id: productId, label: 'Risk' },
      tenantId: null,
      changes: updated.changes,
    });
    const system = (await list(`actorId=billing-renewals&action=invoice.issued`)).entries;
    expect(system.map((entry) => entry.actor)).toContainEqual({
      type: 'system',
      id: 'billing-renewals',
      name: 'billing-renewals',
      role: null,
      onBehalfOf: null,
    });
  });

  it('filters by actor, action, tenant and time range, and pages with a cursor', async () => {
    const actorId = randomUUID();
    const tenantId = randomUUID();
    const mine = Array.from({ length: 5 }, () =>
      anEntry({
        actor: { type: 'user', userId: actorId },
        tenantId,
        action: 'tenant.renamed',
        entity: { type: 'tenant', id: tenantId, label: 'Acme' },
      }),
    );
    await record(
      audit,
      ...mine,
      anEntry({ tenantId }),
      anEntry({ actor: { type: 'user', userId: actorId } }),
    );

    const first = await list(`actorId=${actorId}&tenantId=${tenantId}&limit=2`);
    expect(first.entries.map((entry) => entry.id)).toEqual([mine[4]!.eventId, mine[3]!.eventId]);
    const next = nextPageOf(first.response.headers.link);
    expect(next).toMatch(/^\/api\/admin\/audit\?/);
    const second = await list(next!.split('?')[1]!);
    expect(second.entries.map((entry) => entry.id)).toEqual([mine[2]!.eventId, mine[1]!.eventId]);

    const ranged = await list(
      `actorId=${actorId}&action=tenant.renamed&from=${mine[1]!.occurredAt}&to=${mine[3]!.occurredAt}`,
    );
    expect(ranged.entries.map((entry) => entry.id)).toEqual([mine[2]!.eventId, mine[1]!.eventId]);
  });

  it('refuses a customer, a range that ends before it starts, and a cursor it never gave', async () => {
    const customer = await audit.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: await identityHeaders('tenant'),
    });
    expect(customer.statusCode).toBe(403);
    const backwards = await audit.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z',
      headers: await admin(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: [{ path: 'to', message: 'from must be before to' }] });
    const forged = await audit.app.inject({
      method: 'GET',
      url: '/api/admin/audit?cursor=bm9wZQ',
      headers: await admin(),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('exports the filtered trail as CSV, each change in words, never a secret, nothing a spreadsheet would run', async () => {
    const tenantId = randomUUID();
    const adminId = randomUUID();
    await knownUser(audit, {
      userId: adminId,
      email: 'sam@example.test',
      firstName: 'Sam',
      lastName: null,
      role: 'admin',
    });
    await record(
      audit,
      anEntry({
        action: 'tenant.provider-credentials-changed',
        actor: { type: 'user', userId: adminId, role: 'admin' },
        entity: { type: 'tenant', id: tenantId, label: '=HYPERLINK("http://x.invalid","Acme")' },
        tenantId,
        changes: [
          { field: 'Domain Registrar username', before: 'acme', after: 'acme-ops' },
          { field: 'Domain Registrar password', secret: 'changed' },
        ],
      }),
      anEntry({
        action: 'tenant.credential-revealed',
        actor: { type: 'user', userId: adminId, role: 'admin' },
        entity: { type: 'tenant', id: tenantId, label: 'Acme' },
        tenantId,
        changes: [{ field: 'Domain Registrar password', secret: 'revealed' }],
      }),
    );
    const response = await audit.app.inject({
      method: 'GET',
      url: `/api/admin/audit/export?tenantId=${tenantId}`,
      headers: await admin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-2026-12-01.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Actor role,Action,Entity type,Entity,Entity id,Tenant id,Changes');
    expect(lines[1]).toContain(',Sam,admin,Provider password revealed,Tenant,Acme,');
    expect(lines[1]).toMatch(/,Domain Registrar password revealed by Sam$/);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://x.invalid"",""Acme"")",`);
    expect(lines[2]).toMatch(
      /,Domain Registrar username: acme → acme-ops; Domain Registrar password changed$/,
    );
    expect(lines).toHaveLength(4);
  });
});
