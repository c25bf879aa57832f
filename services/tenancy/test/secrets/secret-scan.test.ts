import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { providerGroups, tenancySubjects, type Tenant } from '@app/contracts';
import { createLogger } from '@app/service-kit';
import { identityHeaders } from '@app/service-kit/testing';
import { eventually } from '@app/test-support/eventually';
import { capturedLogs, leaks, recordedCalls, storedText } from '@app/test-support/leak-scan';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { tenancySchema } from '../../src/config.js';
import { service } from '../../src/service.js';
import { startTenancy } from '../support/tenancy-harness.js';
import { asAdmin } from '../support/requests.js';

/**
 * No password or API key in any read response, log line, NATS message or stored row. The app and the relay log
 * at debug into `logs`, which the scan reads.
 */
const logs = capturedLogs();
const tenancy = startedForFile(async () =>
  withRelay(
    await startTenancy({ logLevel: 'debug', logStream: logs.stream }),
    service,
    createLogger({ level: 'debug', stream: logs.stream }),
  ),
);
/** Every answer but the reveal's, which is the one place a password may legitimately be. */
const { responses, call } = recordedCalls(() => tenancy.app);

describe('secrets never leak', () => {
  it('keeps passwords and the metrics API key out of responses, logs, NATS, read models and events', async () => {
    const passwords = Object.fromEntries(providerGroups.map((group) => [group, `S3cret-${randomUUID()}`]));
    const apiKey = `S3cretKey-${randomUUID()}`;
    const secrets = [...Object.values(passwords), apiKey];
    const adminId = randomUUID();
    const ownerId = randomUUID();
    const admin = await asAdmin(adminId);

    const created = await call({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: admin,
      payload: { name: `Scan ${tenancy.nats.prefix}`, ownerId },
    });
    expect(created.statusCode).toBe(201);
    const tenantId = created.json<Tenant>().id;

    const credentials = Object.fromEntries(
      providerGroups.flatMap((group) => [
        [`${group}Username`, `user-${group}`],
        [`${group}Password`, passwords[group]],
      ]),
    );
    const patched = await call({
      method: 'PATCH',
      url: `/api/admin/tenants/${tenantId}`,
      headers: admin,
      payload: credentials,
    });
    expect(patched.statusCode).toBe(200);
    for (const group of providerGroups)
      expect(patched.json<Record<string, unknown>>()[`${group}PasswordSet`]).toBe(true);

    // Tenancy learns products from the catalogue over NATS; here the copy is written straight in.
    const productId = randomUUID();
    await tenancy.pool.query(
      `INSERT INTO tenancy.products (product_id, name, base_price_cents, color, is_active, updated_at)
       VALUES ($1, 'Scanned product', 9900, '#3B82F6', true, now())`,
      [productId],
    );
    const subscribed = await call({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/subscriptions`,
      headers: admin,
      payload: { productId },
    });
    expect(subscribed.statusCode).toBe(201);
    const subscriptionId = subscribed.json<{ id: string }>().id;
    const configured = await call({
      method: 'PATCH',
      url: `/api/admin/subscriptions/${subscriptionId}`,
      headers: admin,
      payload: { domainUrl: 'https://scan.example.com', metricsApiKey: apiKey },
    });
    expect(configured.statusCode).toBe(200);
    expect(configured.json<{ metricsApiKeyConfigured: boolean }>().metricsApiKeyConfigured).toBe(true);

    const owner = await identityHeaders('tenant', undefined, { userId: ownerId });
    const reads = await Promise.all([
      call({ method: 'GET', url: '/api/admin/tenants', headers: admin }),
      call({ method: 'GET', url: `/api/admin/tenants/${tenantId}`, headers: admin }),
      call({ method: 'GET', url: `/api/admin/tenants/${tenantId}/subscriptions`, headers: admin }),
      call({ method: 'GET', url: `/api/admin/products/${productId}/subscriptions`, headers: admin }),
      call({ method: 'GET', url: '/api/subscriptions', headers: owner }),
    ]);
    for (const read of reads) expect(read.statusCode).toBe(200);
    expect(
      reads
        .at(-1)
        ?.json<{ id: string }[]>()
        .map((row) => row.id),
    ).toEqual([subscriptionId]);

    const revealed = await tenancy.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/credentials/webHosting/reveal`,
      headers: admin,
    });
    expect(revealed.json<{ password: string }>().password).toBe(passwords.webHosting);
    const { events } = await tenancy.eventStore.readStream(`tenancy_tenant-${tenantId}`);
    expect(events.filter((event) => event.type === 'CredentialRevealed').map((event) => event.data)).toEqual([
      expect.objectContaining({ tenantId, group: 'webHosting', revealedBy: adminId }),
    ]);

    // A rename after the reveal: once the relay publishes it, it has passed every earlier event.
    const sentinel = `Scanned ${randomUUID().slice(0, 8)}`;
    await call({
      method: 'PATCH',
      url: `/api/admin/tenants/${tenantId}`,
      headers: admin,
      payload: { name: sentinel },
    });
    await eventually(() => tenancy.nats.messages.some((message) => message.text.includes(sentinel)));
    const subjects = new Set(tenancy.nats.messages.map((message) => message.subject));
    expect(subjects).toEqual(
      new Set([
        tenancySubjects.tenantCreated,
        tenancySubjects.tenantUpdated,
        tenancySubjects.subscriptionStarted,
        tenancySubjects.subscriptionEndpointConfigured,
      ]),
    );

    const stored = await storedText(tenancy.pool, tenancySchema);
    for (const table of ['tenancy.tenants', 'tenancy.subscriptions', 'eventstore.events'])
      expect(stored.filter(([where]) => where === table).length).toBeGreaterThan(0);
    expect(logs.lines.some((line) => line.includes(tenantId))).toBe(true);

    expect(leaks(responses, secrets)).toEqual([]);
    expect(leaks(logs.labelled(), secrets)).toEqual([]);
    expect(
      leaks(
        tenancy.nats.messages.map(({ subject, text }) => [subject, text]),
        secrets,
      ),
    ).toEqual([]);
    expect(leaks(stored, secrets)).toEqual([]);
  });
});
