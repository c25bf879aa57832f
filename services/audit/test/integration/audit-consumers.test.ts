import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditEntrySubject, auditSources, type AuditEntry } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { silentLogger } from '@app/test-support';
import { eventually } from '@app/test-support/eventually';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { startAuditConsumers } from '../../src/integration/start-audit-consumers.js';
import { anEntry, startAudit } from '../support/audit-harness.js';

/** The audit service with its consumers on every producer's stream, the test playing the producers. */
const audit = startedForFile(async () => {
  const harness = await startAudit();
  // Identity's stream is among the producers', and carries its users as well as its entries.
  return withConsumers(
    harness,
    auditSources.map(({ stream }) => stream),
    (nats) =>
      startAuditConsumers({
        nats: nats.nc,
        pool: harness.pool,
        natsPrefix: nats.prefix,
        logger: silentLogger,
      }),
  );
});

async function trail(query: string) {
  const response = await audit.app.inject({
    method: 'GET',
    url: `/api/admin/audit?${query}`,
    headers: await identityHeaders('admin'),
  });
  return response.json<AuditEntry[]>();
}

describe('the audit consumers', () => {
  it("keep every producer's entries once, and name their actors from identity's users", async () => {
    const adminId = randomUUID();
    await audit.nats.publish('identity.user.registered.v1', {
      userId: adminId,
      email: 'jo@example.test',
      firstName: 'Jo',
      lastName: 'Admin',
      role: 'admin',
      registeredVia: 'admin',
      registeredAt: '2026-11-01T00:00:00.000Z',
    });
    const entityId = randomUUID();
    const published = await Promise.all(
      auditSources.map(async ({ producer }) => {
        const entry = anEntry({
          actor: { type: 'user', userId: adminId },
          entity: { type: 'product', id: entityId, label: producer },
        });
        return audit.nats.publish(auditEntrySubject(producer), entry as never, { id: randomUUID() });
      }),
    );
    await audit.nats.republish(published[0]!);

    const found = await eventually(
      () => trail(`entityId=${entityId}`),
      (entries) =>
        entries.length === auditSources.length && entries.every((entry) => entry.actor.name === 'Jo Admin'),
      15_000,
    );
    expect(found.map((entry) => entry.entity.label).sort()).toEqual(
      auditSources.map(({ producer }) => producer).sort(),
    );
  });
});
